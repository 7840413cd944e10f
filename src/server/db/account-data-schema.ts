import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * A user's private calendar feed (decision 0028). One row a user: regenerating replaces the hash,
 * which revokes the old URL at once. Only the SHA-256 of the 256-bit token is kept; the URL is shown
 * once, when it is made.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_idx').on(t.tokenHash)],
);
