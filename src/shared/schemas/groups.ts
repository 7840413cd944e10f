import { z } from 'zod';
import { isCalendarDate } from '../calendar.ts';
import { applicationFields } from './applications.ts';
import { dbIdParam } from './ids.ts';

/** Decimal dollars as the spec's client sends them ("25", "25.5", "25.50"). */
export const amountString = z
  .string({ error: 'contributionMin' })
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'amountFormat' });

export const memberLimitChoices = [3, 4, 5, 6, 8, 10, 12, 15, 20] as const;

export const createGroupSchema = z
  .strictObject({
    name: z
      .string({ error: 'groupNameRequired' })
      .trim()
      .min(1, { error: 'groupNameRequired' })
      .max(80, { error: 'groupNameMax' }),
    contributionAmount: amountString.refine((v) => Number(v) >= 1, { error: 'contributionMin' }),
    memberLimit: z
      .number({ error: 'memberLimitMin' })
      .int({ error: 'memberLimitMin' })
      .min(3, { error: 'memberLimitMin' })
      .max(20, { error: 'memberLimitMax' }),
    /** The spec's client sends it; the server takes identity from the session and refuses a mismatch. */
    createdBy: z.number().int().optional(),
    frequency: z.enum(['weekly', 'bi-weekly', 'monthly']).default('monthly'),
    contributionDay: z.number().int().min(0).max(31).optional(),
    gracePeriodDays: z
      .number()
      .int()
      .min(0, { error: 'gracePeriodRange' })
      .max(14, { error: 'gracePeriodRange' })
      .default(3),
    startDate: z.string().refine(isCalendarDate, { error: 'invalidDate' }).optional(),
    timeZone: z.string().max(64).default('UTC'),
    rotationMethod: z.enum(['join_order', 'admin_set', 'random_draw']).default('join_order'),
    requireApproval: z.boolean().default(false),
    penaltyPercentage: z.number().int().min(0).max(50).default(5),
    autoPayout: z.boolean().default(false),
  })
  .refine(
    (g) =>
      g.contributionDay === undefined ||
      (g.frequency === 'monthly' ? g.contributionDay >= 1 : g.contributionDay <= 6),
    { error: 'contributionDayRange', path: ['contributionDay'] },
  );
export type CreateGroupInput = z.input<typeof createGroupSchema>;

export const inviteCodeParam = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, { error: 'inviteCodeRequired' })
    .max(32, { error: 'inviteCodeRequired' })
    .transform((code) => code.toUpperCase()),
});

export const joinGroupSchema = z
  .strictObject({
    userId: z.number().int().optional(),
    // A group that reviews members turns the join into an application with these fields.
    ...applicationFields,
  })
  .default({});

export const offAppMethods = ['cash', 'bank_transfer', 'mobile_money', 'check', 'other'] as const;

export const reportPaymentSchema = z.strictObject({
  method: z.enum(offAppMethods),
  reference: z.string().trim().max(120).optional(),
});

export const recordCashSchema = z.strictObject({
  userId: z.number().int(),
  cycle: z.number().int().min(1).optional(),
  method: z.enum(offAppMethods).default('cash'),
  reference: z.string().trim().max(120).optional(),
});

export const processPayoutSchema = z.strictObject({
  groupId: z.number().int(),
  cycleNumber: z.number().int().min(1),
  /** wallet (the spec's default): into the recipient's wallet; off_app: the admin hands the pool over. */
  delivery: z.enum(['wallet', 'off_app']).default('wallet'),
  method: z.enum(offAppMethods).optional(),
  reference: z.string().trim().max(120).optional(),
});
export type ProcessPayoutInput = z.output<typeof processPayoutSchema>;

/** The recipient of an off-app payout says what reached them; a different amount opens a dispute. */
export const payoutReceiptSchema = z.strictObject({
  receivedAmount: amountString,
  note: z.string().trim().max(500).optional(),
});

export const freezeGroupSchema = z.strictObject({
  reason: z
    .string({ error: 'freezeReasonRequired' })
    .trim()
    .min(1, { error: 'freezeReasonRequired' })
    .max(500),
});

export const idParam = z.strictObject({ id: dbIdParam });
export const groupIdParam = z.strictObject({ groupId: dbIdParam });

/** cash / bank: an admin records what the member paid outside the app; wallet: the member pays their own. */
export const payPenaltySchema = z.strictObject({
  method: z.enum(['cash', 'bank', 'wallet']).default('cash'),
});
export const waivePenaltySchema = z.strictObject({
  reason: z.string().trim().min(1, { error: 'reasonRequired' }).max(300, { error: 'reasonRequired' }),
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
    startDate: z.string().refine(isCalendarDate, { error: 'invalidDate' }).optional(),
    endDate: z.string().optional(),
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
  groupId: z.number().int().positive(),
  /** User ids, in the order they should receive the cycles not yet paid out. */
  newOrder: z.array(z.number().int().positive()).max(20),
});
