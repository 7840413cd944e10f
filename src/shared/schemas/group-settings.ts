import { z } from 'zod';
import { dbIdParam } from './ids.ts';
import { text } from './text.ts';

/** Bounds the server enforces (spec 001 §5 parses the settings without bounds; we do not). */
export const SETTINGS_BOUNDS = {
  gracePeriodDays: { min: 0, max: 14 },
  penaltyPercentage: { min: 0, max: 25 },
  minCreditScore: { min: 300, max: 850 },
  emergencyFundPercentage: { min: 0, max: 20 },
} as const;

/** The spec's 10% is only a suggestion in the form: the stored default is 0 (decision 0030). */
export const SUGGESTED_EMERGENCY_FUND_PERCENTAGE = 10;

const bounded = (key: keyof typeof SETTINGS_BOUNDS) =>
  z.number().int().min(SETTINGS_BOUNDS[key].min).max(SETTINGS_BOUNDS[key].max);

/** PUT /api/groups/:id/settings: the whole object, every field required. */
export const groupSettingsSchema = z.strictObject({
  gracePeriodDays: bounded('gracePeriodDays'),
  penaltyPercentage: bounded('penaltyPercentage'),
  requireApproval: z.boolean(),
  minCreditScore: bounded('minCreditScore'),
  autoRejectBelowMinCredit: z.boolean(),
  maxMissedPayments: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  autoRemoveInactive: z.boolean(),
  peerRatingEnabled: z.boolean(),
  autoPayoutEnabled: z.boolean(),
  emergencyFundPercentage: bounded('emergencyFundPercentage'),
  /** On = only admins may write in the circle's chat (the chat's membersCanMessage, inverted). */
  communicationRestrictions: z.boolean(),
});
export type GroupSettings = z.infer<typeof groupSettingsSchema>;

/** What the settings do right now, in amounts of this circle, for the form's plain sentences. */
export const settingsEffectsSchema = z.object({
  contributionAmount: z.string(),
  /** The penalty on one late contribution. */
  penaltyAmount: z.string(),
  /** The part of each contribution that goes to the reserve. */
  emergencyShareAmount: z.string(),
  /** What each recipient receives from the pool (before the wallet fee). */
  payoutAmount: z.string(),
  /** The emergency fund changes money flow: only while the circle is recruiting. */
  emergencyFundEditable: z.boolean(),
  /** The first cycle a grace change applies to (cycles already opened keep theirs). */
  graceAppliesFromCycle: z.number().int(),
  groupStatus: z.enum(['recruiting', 'active', 'completed']),
  suggestedEmergencyFundPercentage: z.number().int(),
});

export const groupSettingsReply = z.object({
  settings: groupSettingsSchema,
  effects: settingsEffectsSchema,
  /** Whether the reader may change them (the form is admin-only; members read). */
  canEdit: z.boolean(),
});
export type GroupSettingsReply = z.infer<typeof groupSettingsReply>;

export const MAX_GROUP_RULES = 20;

export const groupRuleInputSchema = z.strictObject({
  title: text({ min: 1, max: 100 }),
  description: text({ max: 500, multiline: true }).default(''),
  active: z.boolean().default(true),
});
export type GroupRuleInput = z.input<typeof groupRuleInputSchema>;

export const groupRuleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  active: z.boolean(),
  position: z.number().int(),
});
export type GroupRule = z.infer<typeof groupRuleSchema>;

/** What applicants see before they apply: active rules only. */
export const publicGroupRuleSchema = groupRuleSchema.pick({ title: true, description: true });

export const groupRulesReply = z.object({
  rules: z.array(groupRuleSchema),
  canEdit: z.boolean(),
});
export type GroupRulesReply = z.infer<typeof groupRulesReply>;

export const groupRuleParams = z.strictObject({ id: dbIdParam, ruleId: dbIdParam });
