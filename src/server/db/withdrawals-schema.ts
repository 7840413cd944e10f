import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { withdrawalMethods } from '#shared/withdrawals.ts';
import { bankAccounts } from './payments-schema.ts';
import { users } from './schema.ts';

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A request to take money out of the wallet (PRODUCT.md "Withdrawal"): requested (amount + fee
 * held on the wallet) → processing (the processor has it) → completed (the hold is captured:
 * wallet → external, fee → fee revenue) or failed (the hold is voided).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: withdrawalMethods }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    feeCents: cents('fee_cents').notNull(),
    status: text('status', { enum: ['requested', 'processing', 'completed', 'failed'] })
      .notNull()
      .default('requested'),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id),
    /** Wire details or a mailing address (wire and check only). */
    recipientInfo: text('recipient_info'),
    holdId: bigint('hold_id', { mode: 'number' }),
    providerRef: text('provider_ref'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** The request's Idempotency-Key: the same key again is this withdrawal, even after a crash. */
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_provider_ref_idx').on(t.providerRef),
    index('withdrawals_status_idx').on(t.status),
    uniqueIndex('withdrawals_user_request_key_idx').on(t.userId, t.requestKey),
  ],
);
