import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { deliveryColumns } from './delivery-columns.ts';
import { users } from './schema.ts';

/**
 * Every email the app sends, written in the transaction of the event that caused it (decision 0026).
 * Without SMTP the rows stay queued and the development mailbox reads them. A row holds its link (a
 * reset or verification token) in plain text until it is used or expires, as the phone codes' outbox does.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Unique per message; also its Message-ID, so a resend after a crash is recognisably the same mail. */
    sendKey: text('send_key').notNull(),
    ...deliveryColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_outbox_send_key_idx').on(t.sendKey),
    // The sweep looks for queued rows not yet handed to a job.
    index('email_outbox_waiting_idx').on(t.id).where(sql`${t.status} = 'queued' and ${t.jobId} is null`),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

const tokenColumns = () => ({
  /** SHA-256 of the 256-bit token; the token itself is only in the email. */
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Single-use, one-hour password reset tokens. */
export const passwordResetTokens = pgTable('password_reset_tokens', tokenColumns(), (t) => [
  index('password_reset_tokens_user_idx').on(t.userId, t.createdAt),
]);

/** Single-use, 48-hour email verification tokens, for the address the user had when it was sent. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    ...tokenColumns(),
    email: text('email').notNull(),
    /**
     * 'verify' confirms the address the account has; 'change' moves the account to `email` (sent
     * from /settings). Kept apart so an old sign-up link can never move an account back.
     */
    purpose: text('purpose').notNull().default('verify'),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId, t.createdAt)],
);
