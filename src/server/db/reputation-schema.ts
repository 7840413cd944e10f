import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { groups } from './groups-schema.ts';
import { users } from './schema.ts';

/**
 * One rating per rater, ratee and circle (spec 001 §5: 1–5 stars and a comment, never oneself); a
 * second rating of the same member edits this row. Here, below the features, because the trust score
 * (verification) reads them as well as the reputation feature that writes them.
 */
export const peerRatings = pgTable(
  'peer_ratings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: integer('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('peer_ratings_group_rater_ratee_key').on(t.groupId, t.raterId, t.rateeId),
    // The trust score sums a person's ratings over every circle.
    index('peer_ratings_ratee_idx').on(t.rateeId),
    check('peer_ratings_not_self', sql`${t.raterId} <> ${t.rateeId}`),
    check('peer_ratings_stars_range', sql`${t.stars} between 1 and 5`),
    check('peer_ratings_comment_length', sql`char_length(${t.comment}) between 1 and 500`),
  ],
);

/** An admin's warning to a member of their circle, with the reason the member is told. */
export const memberWarnings = pgTable(
  'member_warnings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_warnings_group_user_idx').on(t.groupId, t.userId),
    check('member_warnings_not_self', sql`${t.issuedBy} is null or ${t.issuedBy} <> ${t.userId}`),
    check('member_warnings_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
  ],
);
