import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';
import {
  type Attempt,
  attemptFailed,
  claimRow,
  type DeliveryResult,
  handedOver,
  markSent,
  releaseRow,
  rowsWaiting,
  waitingRows,
} from '#server/messaging/outbox-rows.ts';
import { messageIdDomain, smtpErrorText, smtpTransport } from './transport.ts';

export type { Attempt, DeliveryResult };

/** Queued emails no job delivers yet, locked for the sweep's transaction (see waitingRows). */
export const waitingEmails = (tx: Db, limit = 100) => waitingRows(tx, emailOutbox, limit);
/** Whether any queued email waits for a job: the server's kick asks this before creating a sweep job. */
export const emailsWaiting = (db: Db) => rowsWaiting(db, emailOutbox);
export const emailHandedOver = (tx: Db, id: number, jobId: string) => handedOver(tx, emailOutbox, id, jobId);

/**
 * One delivery attempt of an outbox row (the 'send-email' job). The row is claimed first (status
 * sending, attempts + 1, committed), then sent with its send key as the Message-ID, then marked
 * sent. A crash after the SMTP server accepted it and before the mark leaves it 'sending'; the retry
 * sends it again with the same Message-ID, which receivers use to drop the copy (decision 0026).
 * A failure stores the reason and throws so the job retries; the final one marks the row failed.
 */
export async function deliverEmail(ctx: AppContext, id: number, attempt: Attempt): Promise<DeliveryResult> {
  const { smtpUrl, mailFrom } = ctx.config.email;
  const { db } = ctx.database;
  if (!smtpUrl || !mailFrom) {
    // Handed over by a server that had SMTP, run by one that has none: the row waits for the next
    // sweep of a server with SMTP instead of keeping a job that did nothing.
    await releaseRow(db, emailOutbox, id);
    return 'skipped';
  }
  if (!(await claimRow(db, emailOutbox, id))) return 'skipped';
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) return 'skipped';
  try {
    await smtpTransport({ smtpUrl }).sendMail({
      from: mailFrom,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      messageId: `<${row.sendKey}@${messageIdDomain(mailFrom)}>`,
      headers: { 'Content-Language': row.language },
    });
  } catch (error) {
    await attemptFailed(db, emailOutbox, id, attempt.final, smtpErrorText(error));
    throw error;
  }
  await markSent(db, emailOutbox, id, ctx.clock.now());
  return 'sent';
}
