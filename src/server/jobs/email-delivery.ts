import type { AppContext } from '#server/app-context.ts';
import { emailHandedOver, waitingEmails } from '#server/email/delivery.ts';
import { enqueue } from './enqueue.ts';

/**
 * Gives every queued outbox email its 'send-email' job, in one transaction with marking the row,
 * so each row gets exactly one job. Emails are written by features that need no job queue (sign-up
 * runs in tests without one), hence a sweep rather than an enqueue next to the insert. Without SMTP
 * nothing is handed over: the rows stay queued for the development mailbox.
 */
export async function handOverQueuedEmails(ctx: AppContext): Promise<{ emails: number }> {
  if (!ctx.config.email.smtpUrl || !ctx.config.email.mailFrom) return { emails: 0 };
  const ids = await ctx.database.db.transaction(async (tx) => {
    const waiting = await waitingEmails(tx);
    for (const id of waiting) {
      const jobId = await enqueue(tx, 'send-email', { outboxId: id });
      if (jobId) await emailHandedOver(tx, id, jobId);
    }
    return waiting;
  });
  return { emails: ids.length };
}
