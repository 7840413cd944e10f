import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { messageIdDomain, smtpErrorText, smtpTransport } from './transport.ts';

/**
 * Queued rows no job delivers yet, locked for the caller's transaction so two sweeps never hand one
 * row over twice; the caller enqueues a job per row and records it with handedOver().
 */
export async function waitingEmails(tx: Db, limit = 100): Promise<number[]> {
  const rows = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), isNull(emailOutbox.jobId)))
    .orderBy(emailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

/** Whether any queued row waits for a job: the server's kick asks this before creating a sweep job. */
export async function emailsWaiting(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'queued'), isNull(emailOutbox.jobId)))
    .limit(1);
  return row !== undefined;
}

export async function handedOver(tx: Db, id: number, jobId: string) {
  await tx.update(emailOutbox).set({ jobId }).where(eq(emailOutbox.id, id));
}

export type Attempt = { final: boolean };
export type DeliveryResult = 'sent' | 'skipped';

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
    await db
      .update(emailOutbox)
      .set({ jobId: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')));
    return 'skipped';
  }
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['queued', 'sending'])))
    .returning();
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
    await db
      .update(emailOutbox)
      .set({ status: attempt.final ? 'failed' : 'queued', lastError: smtpErrorText(error) })
      .where(eq(emailOutbox.id, id));
    throw error;
  }
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: ctx.clock.now(), lastError: null })
    .where(eq(emailOutbox.id, id));
  return 'sent';
}
