import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A user's linked bank accounts. Never the full account number: the last four digits for people
 * to recognise it, and a keyed fingerprint (HMAC of routing + account) to spot the same account twice.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** The provider's id for the account (Stripe: a Financial Connections account or payment method). */
    providerRef: text('provider_ref').notNull(),
    /** Provider-private notes, never shown to the user (the sandbox keeps its test behaviour here). */
    providerData: jsonb('provider_data').$type<Record<string, string>>().notNull().default({}),
    bankName: text('bank_name').notNull(),
    last4: text('last4').notNull(),
    fingerprint: text('fingerprint').notNull(),
    accountType: text('account_type', { enum: ['checking', 'savings'] }).notNull(),
    status: text('status', { enum: ['connected', 'verified', 'verification_failed', 'removed'] })
      .notNull()
      .default('connected'),
    /**
     * The two micro-deposits in cents, when checking them is ours to do (the sandbox). Null when the
     * provider holds them (Stripe checks the amounts itself) or when the account needed no deposits.
     */
    microDeposit1Cents: integer('micro_deposit_1_cents'),
    microDeposit2Cents: integer('micro_deposit_2_cents'),
    microDepositsSentAt: timestamp('micro_deposits_sent_at', { withTimezone: true }),
    /** Wrong micro-deposit entries so far; verification locks at MAX_VERIFICATION_ATTEMPTS. */
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    createdAt: createdAt(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // One live link per account and person; a removed account may be linked again.
    uniqueIndex('bank_accounts_user_fingerprint_live_idx')
      .on(t.userId, t.fingerprint)
      .where(sql`${t.status} <> 'removed'`),
    index('bank_accounts_user_idx').on(t.userId, t.id),
  ],
);

/**
 * One attempt to link an account: created by create-financial-connections-session, used once by
 * complete-bank-connection, and void after `expiresAt`.
 */
export const bankLinkSessions = pgTable(
  'bank_link_sessions',
  {
    /** Random and unguessable ("bls_…"); the spec's `sessionId`. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** The provider's session id (Stripe: the Financial Connections session). */
    providerRef: text('provider_ref').notNull(),
    /** SHA-256 of the client secret handed to the browser; the secret itself is not kept. */
    clientSecretHash: text('client_secret_hash').notNull(),
    status: text('status', { enum: ['open', 'completed'] })
      .notNull()
      .default('open'),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('bank_link_sessions_user_idx').on(t.userId)],
);
