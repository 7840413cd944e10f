import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { emailOutbox } from './email-schema.ts';
import { users } from './schema.ts';

/**
 * A member's scheduled reports (the Reports tab of /analytics): today one kind, the monthly
 * statement by email, turned on and off by the member. One row per user and kind.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['monthly_statement'] }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    index('report_schedules_active_idx').on(t.kind, t.active),
  ],
);

/**
 * One sent scheduled report per user, kind and period (YYYY-MM in the user's time zone): the key
 * that makes the monthly job idempotent, however often it runs.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['monthly_statement'] }).notNull(),
    period: text('period').notNull(),
    outboxId: integer('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);
