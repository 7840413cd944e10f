import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/client.ts';
import { outboxMessages } from '#server/db/verification-schema.ts';
import {
  type Attempt,
  attemptFailed,
  claimRow,
  type DeliveryResult,
  handedOver,
  markSent,
  rowsWaiting,
  waitingRows,
} from './outbox-rows.ts';
import { messageProviderFor, providerErrorText } from './provider.ts';

/** Queued texts and letters no job delivers yet, locked for the sweep's transaction (see waitingRows). */
export const waitingMessages = (tx: Db, limit = 100) => waitingRows(tx, outboxMessages, limit);
/** Whether any queued text or letter waits for a job. */
export const messagesWaiting = (db: Db) => rowsWaiting(db, outboxMessages);
export const messageHandedOver = (tx: Db, id: number, jobId: string) =>
  handedOver(tx, outboxMessages, id, jobId);

/**
 * One delivery attempt of a text or letter (the 'send-message' job), as deliverEmail does for email:
 * claim (committed), send with the message provider and the row's send key, mark sent. A failure
 * stores the reason and throws so the job retries; the final one marks the row failed. A code that
 * expired before it could go out is not sent at all: it would only mislead.
 */
export async function deliverMessage(ctx: AppContext, id: number, attempt: Attempt): Promise<DeliveryResult> {
  const { db } = ctx.database;
  if (!(await claimRow(db, outboxMessages, id))) return 'skipped';
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) return 'skipped';
  const now = ctx.clock.now();
  if (row.channel === 'email' || (row.expiresAt && row.expiresAt <= now)) {
    const reason =
      row.channel === 'email' ? 'email goes through email_outbox' : 'the code expired before it was sent';
    await attemptFailed(db, outboxMessages, id, true, reason);
    return 'skipped';
  }
  try {
    await messageProviderFor(ctx.config.messaging).send({
      channel: row.channel,
      destination: row.destination,
      body: row.body,
      key: row.sendKey,
    });
  } catch (error) {
    await attemptFailed(db, outboxMessages, id, attempt.final, providerErrorText(error));
    throw error;
  }
  await markSent(db, outboxMessages, id, now);
  return 'sent';
}
