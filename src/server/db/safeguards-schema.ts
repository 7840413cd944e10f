import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { safeguardTypes } from '#shared/safeguards.ts';
import { groups } from './groups-schema.ts';
import { users } from './schema.ts';

/**
 * A circle's safeguard settings (PRODUCT.md "Safeguards"). A row exists once an admin has changed
 * the rule; until then the rule is off with its default configuration (src/shared/safeguards.ts).
 */
export const groupSafeguards = pgTable(
  'group_safeguards',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    type: text('type', { enum: safeguardTypes }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    configuration: jsonb('configuration').$type<Record<string, number>>().notNull(),
    modifiedBy: integer('modified_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.type] })],
);

export const pendingActionTypes = [
  'release_escrow',
  'adjust_rotation',
  'update_safeguard',
  'remove_member',
] as const;

/**
 * Something a safeguard holds back until enough other members approve it: pending → approved
 * (executed at once, or as soon as a time lock allows) or expired. `payload` is what runs.
 */
export const pendingActions = pgTable(
  'pending_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    type: text('type', { enum: pendingActionTypes }).notNull(),
    /** Null when the system asked (the automatic release on the payout date). */
    requestedBy: integer('requested_by').references(() => users.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    requiredApprovals: integer('required_approvals').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'expired'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    /** Why an approved action has not run yet (a time lock, a dispute), in the error catalogue's codes. */
    blockedBy: text('blocked_by'),
  },
  (t) => [
    index('pending_actions_group_idx').on(t.groupId, t.id),
    index('pending_actions_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending' or (${t.status} = 'approved' and ${t.executedAt} is null)`),
    // One open request of a kind for the same subject (a cycle's release, a safeguard's change).
    uniqueIndex('pending_actions_one_open_idx')
      .on(t.groupId, t.type, sql`(${t.payload} ->> 'subject')`)
      .where(sql`${t.status} = 'pending' or (${t.status} = 'approved' and ${t.executedAt} is null)`),
  ],
);

export const pendingActionApprovals = pgTable(
  'pending_action_approvals',
  {
    actionId: integer('action_id')
      .notNull()
      .references(() => pendingActions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.actionId, t.userId] })],
);

/** A member's objection to releasing a cycle's escrow; while open, nothing releases it. */
export const escrowDisputes = pgTable(
  'escrow_disputes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('escrow_disputes_group_cycle_idx').on(t.groupId, t.cycle),
    uniqueIndex('escrow_disputes_one_open_per_member_idx')
      .on(t.groupId, t.cycle, t.openedBy)
      .where(sql`${t.status} = 'open'`),
  ],
);
