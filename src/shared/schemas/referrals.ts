import { z } from 'zod';
import { REFERRAL_CODE_MAX, REFERRAL_CODE_PATTERN } from '../referral-code.ts';
import { text } from './text.ts';

/** Spec 001 §9: 1 referral $5, 5 → $25, 10 → $60, 25 → $150 (active referrals, decision 0033). */
export const REFERRAL_TIERS = [
  { referrals: 1, rewardCents: 500 },
  { referrals: 5, rewardCents: 2_500 },
  { referrals: 10, rewardCents: 6_000 },
  { referrals: 25, rewardCents: 15_000 },
] as const;

/** The referred friend's bonus after their first confirmed contribution (decision 0033). */
export const FRIEND_BONUS_CENTS = 500;

export { REFERRAL_CODE_MAX, REFERRAL_CODE_PATTERN };

/** The optional `referralCode` of the sign-up body: bounded; an unknown code is ignored, not refused. */
export const referralCodeField = text({
  max: REFERRAL_CODE_MAX,
  messages: { max: 'invalidInput' },
}).transform((code) => code.toUpperCase());

export const referralStatusSchema = z.enum(['pending', 'active']);

/** GET /api/referrals: the caller's code, stats, tiers and referrals (first names only). */
export const referralsReply = z.object({
  code: z.string(),
  /** The operator paused rewards: referrals still count, rewards wait. */
  paused: z.boolean(),
  friendBonusCents: z.number().int(),
  stats: z.object({
    totalReferrals: z.number().int(),
    activeReferrals: z.number().int(),
    /** Cents paid into the wallet by reached tiers. */
    totalEarned: z.number().int(),
    /** Cents of reached tiers not paid yet (the program is paused). */
    pendingRewards: z.number().int(),
  }),
  tiers: z.array(
    z.object({
      referrals: z.number().int(),
      rewardCents: z.number().int(),
      status: z.enum(['paid', 'waiting', 'locked']),
    }),
  ),
  referrals: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      status: referralStatusSchema,
      joinedAt: z.string(),
    }),
  ),
});
export type ReferralsReply = z.infer<typeof referralsReply>;

/** PUT /api/admin/referral-program (operator only). */
export const referralProgramSchema = z.strictObject({
  paused: z.boolean({ error: 'invalidInput' }),
  /** Why, for the audit log. */
  reason: text({ max: 200, messages: { max: 'invalidInput' } }).optional(),
});
export const referralProgramReply = z.object({
  paused: z.boolean(),
  /** Rewards paid on resuming (those that waited). */
  rewardsPaid: z.number().int(),
});
export type ReferralProgramReply = z.infer<typeof referralProgramReply>;
