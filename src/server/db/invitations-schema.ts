import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { groupApplications } from './applications-schema.ts';
import { groups } from './groups-schema.ts';
import { users } from './schema.ts';

/**
 * Invitations by email (spec 001 §3 Invitation). The link's token is stored only as its SHA-256,
 * like sessions and reset links; a resend replaces it, so an older link stops working. A pending
 * invitation past `expires_at` reads as expired and is marked so when the address is invited again.
 */
export const groupInvitations = pgTable(
  'group_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: ['pending', 'accepted', 'revoked', 'expired'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current link went out (the first send or the latest resend). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Accepted or revoked at. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Accepted into a circle that reviews its members: the request to join it filed. */
    applicationId: integer('application_id').references(() => groupApplications.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    // One open invitation per circle and address; closed ones stay as history.
    uniqueIndex('group_invitations_one_pending_idx')
      .on(t.groupId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('group_invitations_group_idx').on(t.groupId, t.status),
    check('group_invitations_email_length', sql`char_length(${t.email}) between 3 and 254`),
  ],
);
