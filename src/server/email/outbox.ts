import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { NotificationType } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';
import type { EmailLanguage } from './languages.ts';
import type { RenderedEmail } from './templates/layout.ts';

/**
 * Security mail (and an invitation, which its reader asked no switch for) always goes out; notification mail (named by its notification type, see
 * notification-mail.ts) follows the user's email switch for that kind.
 */
export type EmailKind =
  | 'password_reset'
  | 'password_changed'
  | 'verify_email'
  | 'email_changed'
  | 'new_sign_in'
  | 'group_invitation'
  | 'support_ticket_received'
  | 'support_ticket_reply'
  | 'monthly_statement'
  | NotificationType;

export type QueuedEmail = RenderedEmail & {
  userId: number | null;
  to: string;
  language: EmailLanguage;
  kind: EmailKind;
  now: Date;
};

/**
 * Writes an email to the outbox inside the caller's transaction: it exists exactly when the event
 * that caused it does. The delivery sweep (jobs/email-delivery.ts) hands queued rows to send jobs;
 * without SMTP they stay queued and the development mailbox shows them. Returns the row's id.
 */
export async function queueEmail(tx: Db, email: QueuedEmail): Promise<number> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      userId: email.userId,
      toAddress: email.to,
      language: email.language,
      kind: email.kind,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      sendKey: randomUUID(),
      createdAt: email.now,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('the outbox row was not written');
  return row.id;
}

/** The latest messages, newest first: what the development mailbox lists. */
export function latestEmails(db: Db, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}
