import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Each user's referral code, made the first time it is asked for. The row is also the referrer's
 * lock: activations of their referrals take it `for update`, so tiers are counted one at a time.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('referral_codes_code_idx').on(t.code)],
);

/**
 * Who brought whom (one referrer per account: unique on the referred user). Pending until the
 * referred member's first contribution is confirmed, then active; only active ones count for tiers.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: integer('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'active'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** The friend's welcome bonus, once paid (it waits while the program is paused). */
    friendBonusTransferId: bigint('friend_bonus_transfer_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('referrals_referred_user_idx').on(t.referredUserId),
    index('referrals_referrer_idx').on(t.referrerId, t.id),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.referredUserId}`),
  ],
);

/** A tier's reward paid to a referrer: unique per (referrer, tier), so no tier is paid twice. */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The tier's threshold of active referrals (1, 5, 10, 25). */
    tier: integer('tier').notNull(),
    amountCents: integer('amount_cents').notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('referral_rewards_referrer_tier_idx').on(t.referrerId, t.tier)],
);

/** The program's one settings row (id 1): the operator can pause rewards. */
export const referralProgram = pgTable(
  'referral_program',
  {
    id: integer('id').primaryKey().default(1),
    paused: boolean('paused').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('referral_program_one_row', sql`${t.id} = 1`)],
);
