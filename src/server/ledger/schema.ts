import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The double-entry ledger. Transfers and entries are append-only: nothing updates or deletes
 * them (the migration adds triggers that refuse it); a mistake is undone by a reversing
 * transfer. `balance_cents` on an account is a cache of the sum of its entries, updated in the
 * same transaction as the entries and checked by `checkLedgerInvariants`.
 *
 * No foreign keys to users or groups: ledger history must outlive (and not block) changes there.
 */

export type LedgerAccountKind = 'wallet' | 'escrow' | 'reserve' | 'fee_revenue' | 'promotions' | 'external';

const cents = (name: string) => bigint(name, { mode: 'number' });

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `wallet:12`, `escrow:5:3` (group 5, cycle 3), `reserve:5`, `fee_revenue`, `promotions`, `external:bank`. */
    key: text('key').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    userId: integer('user_id'),
    groupId: integer('group_id'),
    cycle: integer('cycle'),
    /**
     * The sum of the account's entries, kept in step under the row's lock. External accounts keep 0
     * (decision 0053): their balance is summed from their entries when asked.
     */
    balanceCents: cents('balance_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key_idx').on(t.key),
    index('ledger_accounts_group_idx').on(t.groupId),
    // External accounts stand for the outside world, whose side of a deposit is a debit.
    check('ledger_accounts_non_negative', sql`${t.kind} = 'external' or ${t.balanceCents} >= 0`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Chosen by the caller; a retry with the same key returns the first transfer. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** contribution, penalty, payout, payout_fee, reserve_cover, reversal…: text so features can add kinds. */
    kind: text('kind').notNull(),
    groupId: integer('group_id'),
    userId: integer('user_id'),
    memo: text('memo'),
    reversesTransferId: bigint('reverses_transfer_id', { mode: 'number' }).references(
      (): AnyPgColumn => ledgerTransfers.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_key_idx').on(t.idempotencyKey),
    // A transfer is reversed at most once (NULLs do not collide).
    uniqueIndex('ledger_transfers_reverses_idx').on(t.reversesTransferId),
    index('ledger_transfers_group_idx').on(t.groupId, t.id),
    index('ledger_transfers_user_idx').on(t.userId, t.id),
    // The dashboard's monthly history: one user's contributions since a date (with the id, so
    // the history reads the index alone).
    index('ledger_transfers_user_kind_at_idx').on(t.userId, t.kind, t.createdAt, t.id),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: negative debits the account, positive credits it. */
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    // With the account and amount, so the dashboard's monthly history reads the index alone.
    index('ledger_entries_transfer_idx').on(t.transferId, t.accountId, t.amountCents),
    check('ledger_entries_non_zero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * Holds: money set aside on an account for a movement not yet final (a withdrawal, like a card
 * authorisation). Available = balance − pending holds. Capturing a hold posts its transfer in the
 * same transaction; voiding it gives the money back. Holds change state, so they are not entries.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'captured', 'voided'] })
      .notNull()
      .default('pending'),
    /** A retry with the same key finds the first hold. */
    idempotencyKey: text('idempotency_key').notNull(),
    memo: text('memo'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ledger_holds_idempotency_key_idx').on(t.idempotencyKey),
    index('ledger_holds_pending_idx').on(t.accountId).where(sql`${t.status} = 'pending'`),
    check('ledger_holds_positive', sql`${t.amountCents} > 0`),
  ],
);
