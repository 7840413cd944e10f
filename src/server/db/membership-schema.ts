import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { debtReasons } from '#shared/schemas/membership.ts';
import { groups } from './groups-schema.ts';
import { users } from './schema.ts';

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * Why someone owes a circle's reserve after a member left (docs/decisions/0029):
 * missed_before_leaving: a contribution of a cycle already paid out, which the reserve covered;
 * received_larger_pool: a remaining member was paid a pool one seat larger than they will now pay into;
 * departed_after_payout: a member who was paid out left with cycles still to pay;
 * late_penalty_owed: late penalties still owed on the leaver's contributions (the rows can no longer
 * be paid through the circle's pages once the member is gone).
 */
export const memberDebtReasons = debtReasons;

/**
 * Debts to a circle's reserve. A debt outlives the membership (a removed member still owes it), so
 * rows are kept when the member row goes. Settled when paid_cents reaches amount_cents.
 */
export const memberDebts = pgTable(
  'member_debts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: memberDebtReasons }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    paidCents: cents('paid_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('member_debts_user_idx').on(t.userId),
    index('member_debts_group_open_idx').on(t.groupId).where(sql`${t.settledAt} is null`),
    check(
      'member_debts_amounts',
      sql`${t.amountCents} > 0 and ${t.paidCents} between 0 and ${t.amountCents}`,
    ),
    check('member_debts_settled', sql`(${t.settledAt} is null) = (${t.paidCents} < ${t.amountCents})`),
  ],
);
