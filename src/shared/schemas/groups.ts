import { z } from 'zod';
import { isCalendarDate } from '../calendar.ts';

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
    reason: z.string().trim().max(500).optional(),
    monthlyIncome: amountString.optional(),
    creditScore: z.number().int().min(300).max(850).optional(),
  })
  .default({});

export const reportPaymentSchema = z.strictObject({
  method: z.enum(['cash', 'bank_transfer', 'mobile_money', 'check', 'other']),
  reference: z.string().trim().max(120).optional(),
});

export const recordCashSchema = z.strictObject({
  userId: z.number().int(),
  cycle: z.number().int().min(1).optional(),
  method: z.enum(['cash', 'bank_transfer', 'mobile_money', 'check', 'other']).default('cash'),
  reference: z.string().trim().max(120).optional(),
});

export const processPayoutSchema = z.strictObject({
  groupId: z.number().int(),
  cycleNumber: z.number().int().min(1),
});

export const idParam = z.strictObject({ id: z.coerce.number().int().positive() });
export const groupIdParam = z.strictObject({ groupId: z.coerce.number().int().positive() });

export const payPenaltySchema = z.strictObject({ method: z.enum(['cash', 'bank']).default('cash') });
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
