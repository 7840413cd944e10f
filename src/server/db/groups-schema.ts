import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'number' });

export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    contributionCents: cents('contribution_cents').notNull(),
    memberLimit: integer('member_limit').notNull(),
    /** Kept equal to the member rows under the group's row lock; the spec's clients read it. */
    currentMembers: integer('current_members').notNull().default(0),
    currentCycle: integer('current_cycle').notNull().default(1),
    totalCycles: integer('total_cycles').notNull(),
    status: text('status', { enum: ['recruiting', 'active', 'completed'] })
      .notNull()
      .default('recruiting'),
    frozen: boolean('frozen').notNull().default(false),
    /** Why an admin froze it, shown to every member while it is frozen. */
    frozenReason: text('frozen_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    inviteCode: text('invite_code').notNull().unique(),
    frequency: text('frequency', { enum: ['weekly', 'bi-weekly', 'monthly'] })
      .notNull()
      .default('monthly'),
    contributionDay: integer('contribution_day').notNull(),
    gracePeriodDays: integer('grace_period_days').notNull().default(3),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    rotationMethod: text('rotation_method', { enum: ['join_order', 'admin_set', 'random_draw'] })
      .notNull()
      .default('join_order'),
    requireApproval: boolean('require_approval').notNull().default(false),
    penaltyPercentage: integer('penalty_percentage').notNull().default(5),
    autoPayout: boolean('auto_payout').notNull().default(false),
    /** Group settings (spec 001 §3): applicants below this credit score are flagged. */
    minCreditScore: integer('min_credit_score').notNull().default(650),
    /** …and refused without review when the admin chose so. */
    autoRejectBelowMinCredit: boolean('auto_reject_below_min_credit').notNull().default(false),
    /** Missed contributions (1–3) after which a member becomes inactive. */
    maxMissedPayments: integer('max_missed_payments').notNull().default(2),
    /** An inactive member's removal is proposed (it never happens without the removal rules). */
    autoRemoveInactive: boolean('auto_remove_inactive').notNull().default(true),
    peerRatingEnabled: boolean('peer_rating_enabled').notNull().default(true),
    /** Share of each contribution that goes to the reserve; fixed once the circle has started. */
    emergencyFundPercentage: integer('emergency_fund_percentage').notNull().default(0),
    reminderDays: integer('reminder_days').notNull().default(3),
    minContributionThreshold: integer('min_contribution_threshold').notNull().default(100),
    /** Collection settings: how many times a failed auto-pay debit is tried again (1, 3 or 5). */
    autopayRetries: integer('autopay_retries').notNull().default(3),
    /** Random draw: SHA-256 of the secret seed, published while recruiting; the seed is revealed when full. */
    seedHash: text('seed_hash'),
    seed: text('seed'),
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('groups_created_by_idx').on(t.createdBy)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    /** Place in the rotation; fixed when the circle fills. */
    position: integer('position'),
    hasReceivedPayout: boolean('has_received_payout').notNull().default(false),
    /** active; inactive once they missed the group's max missed payments; suspended by an admin. */
    status: text('status', { enum: ['active', 'inactive', 'suspended'] })
      .notNull()
      .default('active'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('group_members_group_user_key').on(t.groupId, t.userId),
    unique('group_members_group_position_key').on(t.groupId, t.position),
    index('group_members_user_idx').on(t.userId),
  ],
);

export const cycles = pgTable(
  'cycles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    recipientUserId: integer('recipient_user_id').references(() => users.id),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    payoutOn: date('payout_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['upcoming', 'collecting', 'paid_out'] })
      .notNull()
      .default('upcoming'),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
  },
  (t) => [unique('cycles_group_number_key').on(t.groupId, t.number)],
);

export const contributions = pgTable(
  'contributions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: cents('amount_cents').notNull(),
    /**
     * pending → reported (member says they paid off-app) → paid (confirmed; only this posts to the
     * ledger); or pending → processing (a bank debit is in flight) → paid, or back to pending if it fails.
     */
    status: text('status', { enum: ['pending', 'reported', 'processing', 'paid'] })
      .notNull()
      .default('pending'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The group's grace period when this cycle opened: a later schedule edit never moves it. */
    graceDays: integer('grace_days').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentMethod: text('payment_method').notNull().default('ach'),
    reference: text('reference'),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    late: boolean('late').notNull().default(false),
    penaltyCents: cents('penalty_cents').notNull().default(0),
    penaltyStatus: text('penalty_status', { enum: ['none', 'owed', 'paid', 'waived'] })
      .notNull()
      .default('none'),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // The invariant "a member pays at most one contribution per cycle", enforced by the database.
    unique('contributions_group_cycle_user_key').on(t.groupId, t.cycle, t.userId),
    index('contributions_user_status_idx').on(t.userId, t.status),
    // Reminders look only at unpaid contributions, a small and shrinking part of the table.
    index('contributions_unpaid_due_idx').on(t.dueDate).where(sql`${t.status} <> 'paid'`),
    // The dashboard's unpaid contributions of one user, without ANDing in every unpaid row's bitmap.
    index('contributions_user_unpaid_idx').on(t.userId).where(sql`${t.status} <> 'paid'`),
    // The group page's window (group-detail-query.ts): a circle's open contributions, and its
    // latest payments, whatever the length of its history.
    index('contributions_group_open_idx')
      .on(t.groupId)
      .where(sql`${t.status} <> 'paid' or ${t.penaltyStatus} = 'owed'`),
    index('contributions_group_paid_at_idx').on(t.groupId, t.paidAt).where(sql`${t.status} = 'paid'`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id),
    /** What reached the recipient's wallet: pool minus the fee. */
    amountCents: cents('amount_cents').notNull(),
    feeCents: cents('fee_cents').notNull(),
    poolCents: cents('pool_cents').notNull(),
    reserveCoverCents: cents('reserve_cover_cents').notNull().default(0),
    status: text('status', { enum: ['pending', 'paid'] })
      .notNull()
      .default('paid'),
    /** wallet: into the recipient's SaveCircle wallet; off_app: handed over outside the app (cash, transfer). */
    delivery: text('delivery', { enum: ['wallet', 'off_app'] })
      .notNull()
      .default('wallet'),
    deliveryMethod: text('delivery_method'),
    deliveryReference: text('delivery_reference'),
    /** Off-app payouts wait for the recipient to confirm what they received; a different amount is a dispute. */
    receiptStatus: text('receipt_status', { enum: ['not_needed', 'awaiting', 'confirmed', 'disputed'] })
      .notNull()
      .default('not_needed'),
    receivedCents: cents('received_cents'),
    receiptNote: text('receipt_note'),
    receiptAt: timestamp('receipt_at', { withTimezone: true }),
    scheduledDate: date('scheduled_date', { mode: 'string' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    processedBy: integer('processed_by').references(() => users.id),
    createdAt: createdAt(),
  },
  // One payout per cycle, however many requests race for it.
  (t) => [
    unique('payouts_group_cycle_key').on(t.groupId, t.cycle),
    index('payouts_recipient_idx').on(t.recipientId),
  ],
);

/** Replies to keyed requests, so a retried request gets the first reply and has no second effect. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** SHA-256 of method, URL and body: the same key with a different request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    /** The reply body byte for byte (jsonb would reorder its keys). */
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** The user's own savings goal; the spec's 5000 / 500 until they change it. */
export const savingsGoals = pgTable('savings_goals', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  targetCents: cents('target_cents').notNull(),
  monthlyCents: cents('monthly_cents').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** In-app notifications; the client words them from `type` and `data` in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    groupId: integer('group_id'),
    data: jsonb('data').$type<Record<string, string | number>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/** The spec's payment reminders; one of each type per contribution, so a re-run sends nothing twice. */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    /** upcoming and overdue are sent by due work, once each; manual ones by an admin (Send Reminder). */
    reminderType: text('reminder_type', { enum: ['upcoming', 'overdue', 'manual'] }).notNull(),
    sentBy: integer('sent_by').references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [
    uniqueIndex('payment_reminders_automatic_once_idx')
      .on(t.contributionId, t.reminderType)
      .where(sql`${t.reminderType} <> 'manual'`),
    index('payment_reminders_group_idx').on(t.groupId, t.sentAt),
  ],
);

/**
 * The spec's default penalties: a record of every late penalty charged, by the settlement of a late
 * contribution or by an admin's Apply Penalty on an overdue one. The amount owed and its state live
 * on the contribution (penalty_cents, penalty_status); this is who charged it, when, and when it was
 * resolved (paid or waived).
 */
export const defaultPenalties = pgTable(
  'default_penalties',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'cascade' }),
    penaltyType: text('penalty_type', { enum: ['late_payment'] }).notNull(),
    penaltyAmountCents: cents('penalty_amount_cents').notNull(),
    /** Null when charged automatically at settlement. */
    appliedBy: integer('applied_by').references(() => users.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    resolved: boolean('resolved').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  // One penalty per contribution, however it was charged.
  (t) => [
    unique('default_penalties_contribution_key').on(t.contributionId),
    index('default_penalties_group_idx').on(t.groupId),
  ],
);

/**
 * Transfer Admin: the owner (groups.created_by) offers ownership to a member, who must accept. At most
 * one open (pending) offer per circle; an open one lapses at expires_at (7 days), read lazily.
 */
export const ownershipTransfers = pgTable(
  'ownership_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'canceled', 'expired'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('ownership_transfers_open_idx').on(t.groupId).where(sql`${t.status} = 'pending'`)],
);
