import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { groups } from './groups-schema.ts';
import { users } from './schema.ts';

/**
 * Requests to join a group that reviews its members. Income and credit score are what the
 * applicant says about themselves; nothing checks them, and the admins see them marked so.
 */
export const groupApplications = pgTable(
  'group_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    monthlyIncomeCents: bigint('monthly_income_cents', { mode: 'number' }),
    creditScore: integer('credit_score'),
    referredBy: text('referred_by'),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request per person and group; decided ones stay as history.
    uniqueIndex('group_applications_one_pending_idx')
      .on(t.groupId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('group_applications_group_status_idx').on(t.groupId, t.status),
    index('group_applications_user_idx').on(t.userId),
    check('group_applications_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
    check(
      'group_applications_credit_score_range',
      sql`${t.creditScore} is null or ${t.creditScore} between 300 and 850`,
    ),
    check(
      'group_applications_income_non_negative',
      sql`${t.monthlyIncomeCents} is null or ${t.monthlyIncomeCents} >= 0`,
    ),
    check('group_applications_referred_by_length', sql`char_length(${t.referredBy}) <= 100`),
  ],
);
