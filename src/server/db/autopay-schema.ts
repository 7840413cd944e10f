import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contributions, groups } from './groups-schema.ts';
import { bankAccounts } from './payments-schema.ts';
import { users } from './schema.ts';

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A member's auto-pay in one circle (spec 001 "payment schedule"): while active, the job queue
 * debits their bank account on each due date and retries a failed debit as the circle's
 * collection settings say. `failed` = the retries of the current contribution ran out.
 */
export const paymentSchedules = pgTable(
  'payment_schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    status: text('status', { enum: ['active', 'inactive', 'failed'] })
      .notNull()
      .default('active'),
    /** Failed debits since the last one that went through ("recent payment failures"). */
    failureCount: integer('failure_count').notNull().default(0),
    lastPaymentAt: timestamp('last_payment_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_schedules_group_user_idx').on(t.groupId, t.userId),
    index('payment_schedules_bank_account_idx').on(t.bankAccountId),
  ],
);

/**
 * One pull of a contribution from a member's bank (ACH): requested (row written, processor not
 * yet called) → processing (the processor has it) → succeeded (the contribution is paid, in the
 * same transaction) or failed. At most one debit of a contribution is in flight at a time.
 */
export const bankDebits = pgTable(
  'bank_debits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    amountCents: cents('amount_cents').notNull(),
    /** manual: the member pressed Pay; autopay: the job queue on the due date (attempt 1 + retries). */
    source: text('source', { enum: ['manual', 'autopay'] }).notNull(),
    /** The Idempotency-Key of the request that started a manual debit: the same key finds it again. */
    requestKey: text('request_key'),
    attempt: integer('attempt').notNull().default(1),
    status: text('status', { enum: ['requested', 'processing', 'succeeded', 'failed'] })
      .notNull()
      .default('requested'),
    providerRef: text('provider_ref'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_debits_one_in_flight_idx')
      .on(t.contributionId)
      .where(sql`${t.status} in ('requested', 'processing')`),
    uniqueIndex('bank_debits_one_success_idx').on(t.contributionId).where(sql`${t.status} = 'succeeded'`),
    uniqueIndex('bank_debits_request_key_idx').on(t.userId, t.requestKey),
    index('bank_debits_group_idx').on(t.groupId, t.id),
    index('bank_debits_provider_ref_idx').on(t.providerRef),
    index('bank_debits_in_flight_idx').on(t.status).where(sql`${t.status} in ('requested', 'processing')`),
    check('bank_debits_positive', sql`${t.amountCents} > 0`),
  ],
);
