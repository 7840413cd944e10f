import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { deliveryColumns } from './delivery-columns.ts';
import { users } from './schema.ts';

const verificationStatus = (name: string) =>
  text(name, { enum: ['not_started', 'pending', 'verified', 'failed'] })
    .notNull()
    .default('not_started');

/**
 * A person's identity, phone and address checks (the bank check is their bank accounts' state).
 * Spec 001 "Verification": each not_started / pending / verified / failed.
 */
export const userVerifications = pgTable('user_verifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  identityStatus: verificationStatus('identity_status'),
  /** The processor's verification session (Stripe Identity, or the sandbox's own). */
  identityProviderRef: text('identity_provider_ref'),
  identityFailureReason: text('identity_failure_reason'),
  identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
  phoneStatus: verificationStatus('phone_status'),
  /** E.164, e.g. +15551234567. */
  phoneNumber: text('phone_number'),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  addressStatus: verificationStatus('address_status'),
  address: jsonb('address').$type<Record<string, string>>(),
  addressVerifiedAt: timestamp('address_verified_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A one-time code sent to prove a phone number or a postal address. This table keeps only its hash
 * (the message that carries the code keeps it in plain text until then: see outboxMessages); it
 * expires, and a few wrong tries use it up.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['phone', 'address'] }).notNull(),
    /** The number or the address (as one line) the code was sent to. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    status: text('status', { enum: ['sent', 'used', 'expired'] })
      .notNull()
      .default('sent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // The latest code of a person and channel, and how many went out in the last hour or days.
  (t) => [index('verification_codes_user_channel_idx').on(t.userId, t.channel, t.createdAt)],
);

/**
 * Texts and letters to the outside world. Written in the event's transaction, handed by the
 * 'message-sweep' job to one 'send-message' job each, sent with the message provider
 * (src/server/messaging/; the sandbox records them, and the person reads them in the bell).
 * A message carrying a one-time code has it in plain text (it must be readable to be delivered);
 * once the message is sent or the code has expired, the due-work sweep blanks the body
 * (features/verification/outbox-retention.ts).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'mail', 'email'] }).notNull(),
    destination: text('destination').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the code this message carries stops working; null for a message that carries none. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Unique per message; the provider's idempotency key, so a resend after a crash is the same message. */
    sendKey: text('send_key').notNull().default(sql`gen_random_uuid()::text`),
    /** Delivery as for email (decision 0026). */
    ...deliveryColumns(),
  },
  (t) => [
    index('outbox_messages_user_idx').on(t.userId, t.id),
    uniqueIndex('outbox_messages_send_key_idx').on(t.sendKey),
    // The sweep looks for queued rows not yet handed to a job.
    index('outbox_messages_waiting_idx').on(t.id).where(sql`${t.status} = 'queued' and ${t.jobId} is null`),
    // The sweep's search: messages still carrying a code.
    index('outbox_messages_code_expiry_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
  ],
);

/**
 * The sandbox processor's own record of its identity sessions that received documents (a real
 * processor keeps this at its end). One row per session, so a session takes one submission. Only
 * the outcome and the document type are kept: never the name, birth date or document number.
 */
export const sandboxIdentitySubmissions = pgTable('sandbox_identity_submissions', {
  sessionRef: text('session_ref').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  documentType: text('document_type').notNull(),
  outcome: text('outcome', { enum: ['verified', 'failed'] }).notNull(),
  submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
});
