import { z } from 'zod';
import { isCalendarDate } from '../calendar.ts';
import { applicationFields, myApplicationSchema } from './applications.ts';
import { publicGroupRuleSchema, SETTINGS_BOUNDS } from './group-settings.ts';
import { groupStatuses, groupSummarySchema, groupViewSchema } from './group-view.ts';
import { claimedUserId, cycleNumber, dbId, dbIdParam } from './ids.ts';
import { pendingActionReply } from './replies.ts';
import { text } from './text.ts';

/** Decimal dollars as the spec's client sends them ("25", "25.5", "25.50"). */
export const amountString = z
  .string({ error: 'contributionMin' })
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'amountFormat' });

/** A real calendar date, 'YYYY-MM-DD' ('2026-02-30' and 'yesterday' are not). */
export const calendarDateField = z.string().trim().refine(isCalendarDate, { error: 'invalidDate' });

/** An IANA time zone the runtime knows, e.g. America/New_York. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A payment reference or receipt number the admin or member types. */
const reference = text({ max: 120 });

export const memberLimitChoices = [3, 4, 5, 6, 8, 10, 12, 15, 20] as const;

export const createGroupSchema = z
  .strictObject({
    name: text({ min: 1, max: 80, messages: { required: 'groupNameRequired', max: 'groupNameMax' } }),
    contributionAmount: amountString.refine((v) => Number(v) >= 1, { error: 'contributionMin' }),
    memberLimit: z
      .number({ error: 'memberLimitMin' })
      .int({ error: 'memberLimitMin' })
      .min(3, { error: 'memberLimitMin' })
      .max(20, { error: 'memberLimitMax' }),
    /** The spec's client sends it; the server takes identity from the session and refuses a mismatch. */
    createdBy: claimedUserId,
    frequency: z.enum(['weekly', 'bi-weekly', 'monthly']).default('monthly'),
    contributionDay: z.number().int().min(0).max(31).optional(),
    gracePeriodDays: z
      .number()
      .int()
      .min(0, { error: 'gracePeriodRange' })
      .max(14, { error: 'gracePeriodRange' })
      .default(3),
    startDate: calendarDateField.optional(),
    timeZone: text({ max: 64 }).refine(isTimeZone, { error: 'timeZoneUnknown' }).default('UTC'),
    rotationMethod: z.enum(['join_order', 'admin_set', 'random_draw']).default('join_order'),
    requireApproval: z.boolean().default(false),
    // The settings' own bounds: a circle created outside them could never save its settings again.
    penaltyPercentage: z
      .number()
      .int()
      .min(SETTINGS_BOUNDS.penaltyPercentage.min)
      .max(SETTINGS_BOUNDS.penaltyPercentage.max)
      .default(5),
    autoPayout: z.boolean().default(false),
  })
  .refine(
    (g) =>
      g.contributionDay === undefined ||
      (g.frequency === 'monthly' ? g.contributionDay >= 1 : g.contributionDay <= 6),
    { error: 'contributionDayRange', path: ['contributionDay'] },
  );
export type CreateGroupInput = z.input<typeof createGroupSchema>;

/** Invite codes are upper case; people type them in any case. */
const inviteCodeText = (min: number) =>
  text({ min, max: 32, messages: { required: 'inviteCodeRequired', max: 'inviteCodeRequired' } }).transform(
    (code) => code.toUpperCase(),
  );

export const inviteCodeParam = z.strictObject({ code: inviteCodeText(1) });

/**
 * POST /api/groups/{id}/join. The invite code is what authorises joining: without the circle's
 * code (missing, empty or wrong) the answer is the one for a circle that does not exist.
 */
export const joinGroupSchema = z
  .strictObject({
    inviteCode: inviteCodeText(0).optional(),
    userId: claimedUserId,
    // A group that reviews members turns the join into an application with these fields.
    ...applicationFields,
  })
  .default({});

export const offAppMethods = ['cash', 'bank_transfer', 'mobile_money', 'check', 'other'] as const;

export const reportPaymentSchema = z.strictObject({
  method: z.enum(offAppMethods),
  reference: reference.optional(),
});

export const recordCashSchema = z.strictObject({
  userId: dbId,
  cycle: cycleNumber.optional(),
  method: z.enum(offAppMethods).default('cash'),
  reference: reference.optional(),
});

/** How a cycle's pool reaches its recipient: into their wallet, or handed over outside the app. */
export const payoutDeliveries = ['wallet', 'off_app'] as const;

export const processPayoutSchema = z.strictObject({
  groupId: dbId,
  cycleNumber,
  /** wallet (the spec's default): into the recipient's wallet; off_app: the admin hands the pool over. */
  delivery: z.enum(['wallet', 'off_app']).default('wallet'),
  method: z.enum(offAppMethods).optional(),
  reference: reference.optional(),
});
export type ProcessPayoutInput = z.output<typeof processPayoutSchema>;

/** The recipient of an off-app payout says what reached them; a different amount opens a dispute. */
export const payoutReceiptSchema = z.strictObject({
  receivedAmount: amountString,
  note: text({ max: 500, multiline: true }).optional(),
});

export const freezeGroupSchema = z.strictObject({
  reason: text({ min: 1, max: 500, multiline: true, messages: { required: 'freezeReasonRequired' } }),
});

export const idParam = z.strictObject({ id: dbIdParam });
export const groupIdParam = z.strictObject({ groupId: dbIdParam });

/** cash / bank: an admin records what the member paid outside the app; wallet: the member pays their own. */
export const payPenaltySchema = z.strictObject({
  method: z.enum(['cash', 'bank', 'wallet']).default('cash'),
});
export const waivePenaltySchema = z.strictObject({
  reason: text({ min: 1, max: 300, multiline: true, messages: { required: 'reasonRequired' } }),
});

/** The spec's schedule settings, as the Schedule tab sends them. */
export const scheduleUpdateSchema = z
  .strictObject({
    frequency: z.enum(['weekly', 'bi-weekly', 'monthly']),
    contributionDay: z.number().int().min(0).max(31),
    gracePeriod: z
      .number()
      .int()
      .min(0, { error: 'gracePeriodRange' })
      .max(14, { error: 'gracePeriodRange' }),
    startDate: calendarDateField.optional(),
    /** The spec's client sends it; the circle ends after its last cycle, so only a real date is accepted. */
    endDate: calendarDateField.optional(),
    autoPayoutEnabled: z.boolean().optional(),
    minimumContributionThreshold: z
      .number()
      .int()
      .min(50, { error: 'thresholdRange' })
      .max(100, { error: 'thresholdRange' })
      .optional(),
    /** Days before the due date that the "payment due soon" reminder goes out (the job looks 14 days ahead). */
    reminderDays: z
      .number()
      .int()
      .min(0, { error: 'reminderDaysRange' })
      .max(14, { error: 'reminderDaysRange' })
      .optional(),
  })
  .refine((s) => (s.frequency === 'monthly' ? s.contributionDay >= 1 : s.contributionDay <= 6), {
    error: 'contributionDayRange',
    path: ['contributionDay'],
  });
export type ScheduleUpdate = z.output<typeof scheduleUpdateSchema>;

export const adjustRotationSchema = z.strictObject({
  groupId: dbId,
  /** User ids, in the order they should receive the cycles not yet paid out. */
  newOrder: z.array(dbId).max(20),
});

// ---- Replies ----

/** POST /api/groups (201): the new group, with its invite code. */
export const createdGroupReply = groupViewSchema.extend({ inviteCode: z.string() });

/** GET /api/user/groups: the signed-in person's circles as cards. */
export const groupListReply = z.array(groupSummarySchema);

/** GET /api/groups/invite/{code}: what someone holding the code may see before joining. */
export const inviteLookupReply = z.object({
  group: groupViewSchema.pick({
    id: true,
    name: true,
    status: true,
    currentMembers: true,
    memberLimit: true,
    contributionAmount: true,
    frequency: true,
    requireApproval: true,
    rotationMethod: true,
    seedHash: true,
  }),
  /** The emergency fund's share of each contribution and the payout it leaves (decision 0030). */
  emergencyFund: z.object({
    percentage: z.number().int(),
    shareAmount: z.string(),
    payoutAmount: z.string(),
  }),
  /** The circle's active rules, read before applying. */
  rules: z.array(publicGroupRuleSchema),
  members: z.array(z.object({ id: z.number().int(), user: z.object({ fullName: z.string() }) })),
});

export const groupMemberSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  position: z.number().int().nullable(),
  role: z.enum(['admin', 'member']),
  hasReceivedPayout: z.boolean(),
  joinedAt: z.string(),
  user: z.object({ fullName: z.string(), username: z.string() }),
  /** Over every cycle: `contributions` holds only a window of them. */
  contributionCounts: z.object({ paid: z.number().int(), late: z.number().int(), pending: z.number().int() }),
});

export const contributionStatuses = ['pending', 'reported', 'processing', 'paid'] as const;
export const penaltyStatuses = ['none', 'owed', 'paid', 'waived'] as const;

export const groupContributionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  cycle: z.number().int(),
  amount: z.string(),
  /** processing: a bank debit is on its way. */
  status: z.enum(contributionStatuses),
  dueDate: z.string(),
  paidAt: z.string().nullable(),
  paymentMethod: z.string(),
  reference: z.string().nullable(),
  late: z.boolean(),
  /** Unpaid past its due date plus grace: settling it now will be late. */
  overdue: z.boolean(),
  penalty: z.string(),
  penaltyStatus: z.enum(penaltyStatuses),
});

export const receiptStatuses = ['not_needed', 'awaiting', 'confirmed', 'disputed'] as const;

export const cyclePayoutSchema = z.object({
  id: z.number().int(),
  delivery: z.enum(['wallet', 'off_app']),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  /** not_needed: into the wallet; the others track an off-app payout's receipt by its recipient. */
  receiptStatus: z.enum(receiptStatuses),
  /** What the recipient said reached them, once they have answered. */
  received: z.string().nullable(),
  receiptNote: z.string().nullable(),
});

export const groupCycleSchema = z.object({
  cycleNumber: z.number().int(),
  recipientId: z.number().int().nullable(),
  recipientName: z.string(),
  scheduledDate: z.string(),
  dueDate: z.string(),
  actualDate: z.string().nullable(),
  status: z.enum(['completed', 'current', 'upcoming']),
  /** What the recipient gets: net of the fee into the wallet, the whole pool when handed over off the app. */
  payoutAmount: z.string(),
  /** "0.00" for a payout handed over outside the app. */
  fee: z.string(),
  /** null until the cycle is paid out. */
  payout: cyclePayoutSchema.nullable(),
});

/** GET /api/groups/{id}: the page shell loads it once and hands it to every tab. */
export const groupDetailReply = z.object({
  group: groupViewSchema,
  viewer: z.object({ userId: z.number().int(), isAdmin: z.boolean(), position: z.number().int().nullable() }),
  members: z.array(groupMemberSchema),
  /**
   * Not the whole history: the cycle being collected, every contribution still unpaid or with a
   * penalty owed, and the ten latest paid (enough for the activity feed). Counts are on members.
   */
  contributions: z.array(groupContributionSchema),
  cycles: z.array(groupCycleSchema),
  currentCycle: z.object({
    number: z.number().int(),
    paidCount: z.number().int(),
    memberCount: z.number().int(),
    collected: z.string(),
    pool: z.string(),
    progressPercent: z.number(),
    canProcessPayout: z.boolean(),
    /** The deliveries the server accepts now (third-party custody allows the wallet only). */
    payoutDeliveries: z.array(z.enum(payoutDeliveries)),
  }),
  reserve: z.string(),
});
export type GroupDetailReply = z.infer<typeof groupDetailReply>;

/** POST /api/groups/{id}/join: 200 with the seat taken. */
export const joinedReply = z.object({
  success: z.literal(true),
  message: z.string(),
  groupId: z.number().int(),
  status: z.enum(['recruiting', 'active']),
});
/** 202 when the group reviews its members: the request to join is waiting. */
export const joinRequestedReply = joinedReply.extend({
  status: z.enum(groupStatuses),
  application: myApplicationSchema,
});

/** A contribution row as stored (report, record, confirm, penalty pay and waive answer with it). */
export const contributionRowReply = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  cycle: z.number().int(),
  userId: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(contributionStatuses),
  dueDate: z.string(),
  graceDays: z.number().int(),
  paidAt: z.iso.datetime().nullable(),
  paymentMethod: z.string(),
  reference: z.string().nullable(),
  reportedAt: z.iso.datetime().nullable(),
  confirmedBy: z.number().int().nullable(),
  late: z.boolean(),
  penaltyCents: z.number().int(),
  penaltyStatus: z.enum(penaltyStatuses),
  ledgerTransferId: z.number().int().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/** POST /api/groups/process-payout: 200 released, or 202 waiting for the members' approvals. */
export const payoutReleasedReply = z.object({
  success: z.literal(true),
  payoutId: z.number().int(),
  cycle: z.number().int(),
});
export const payoutPendingReply = pendingActionReply.extend({ cycle: z.number().int() });

export const payoutReceiptReply = z.object({
  success: z.literal(true),
  payoutId: z.number().int(),
  receiptStatus: z.enum(receiptStatuses),
});

export const frozenReply = z.object({ success: z.literal(true), frozen: z.boolean() });
export type ProcessPayoutReply = z.infer<typeof payoutReleasedReply> | z.infer<typeof payoutPendingReply>;
export type PayoutReceiptReply = z.infer<typeof payoutReceiptReply>;
export type FrozenReply = z.infer<typeof frozenReply>;
