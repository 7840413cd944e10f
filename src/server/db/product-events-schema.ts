import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PRODUCT_EVENT_NAMES } from '#shared/schemas/product-events.ts';
import { groups } from './groups-schema.ts';
import { users } from './schema.ts';

/**
 * First-party product events (issue 15, decision 0036): an allow-listed name, who and which circle,
 * and when. No IP, user agent or free text. Kept 13 months (PRODUCT_EVENT_RETENTION_DAYS), then
 * deleted by the due work; a deleted account or circle leaves its events anonymous.
 */
export const productEvents = pgTable(
  'product_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name', { enum: PRODUCT_EVENT_NAMES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Counts per event in a period, and the period's sign-ups.
    index('product_events_name_at_idx').on(t.name, t.occurredAt),
    // The funnel's later steps: did these people reach this event.
    index('product_events_user_name_idx').on(t.userId, t.name),
    // The retention sweep.
    index('product_events_at_idx').on(t.occurredAt),
  ],
);
