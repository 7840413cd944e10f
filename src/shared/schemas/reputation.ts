import { z } from 'zod';
import { reputationLevels, riskLevels } from '../reputation.ts';
import { dbIdParam } from './ids.ts';
import { text } from './text.ts';
import { trustExplanationSchema } from './verification.ts';

/** /api/groups/:id/ratings/:userId and /api/groups/:id/members/:userId/warnings. */
export const groupMemberParams = z.strictObject({ id: dbIdParam, userId: dbIdParam });

/** PUT /api/groups/:id/ratings/:userId (spec 001 §5: 1–5 stars and a non-blank comment). */
export const rateMemberSchema = z.strictObject({
  stars: z
    .number({ error: 'starsRange' })
    .int({ error: 'starsRange' })
    .min(1, { error: 'starsRange' })
    .max(5, { error: 'starsRange' }),
  comment: text({
    min: 1,
    max: 500,
    multiline: true,
    messages: { required: 'commentRequired', max: 'commentMax' },
  }),
});
export type RateMemberInput = z.input<typeof rateMemberSchema>;

/** POST /api/groups/:id/members/:userId/warnings: the member reads this reason. */
export const warnMemberSchema = z.strictObject({
  reason: text({
    min: 1,
    max: 500,
    multiline: true,
    messages: { required: 'reasonRequired', max: 'reasonMax' },
  }),
});
export type WarnMemberInput = z.input<typeof warnMemberSchema>;

export const ownRatingSchema = z.object({
  stars: z.number().int(),
  comment: z.string(),
  updatedAt: z.string(),
});

export const rateMemberReply = z.object({
  success: z.literal(true),
  message: z.string(),
  /** True when this replaced the caller's earlier rating of the member. */
  edited: z.boolean(),
  rating: ownRatingSchema,
});

export const warningSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  /** Null when the admin's account is gone. */
  issuedByName: z.string().nullable(),
  createdAt: z.string(),
});

export const warnMemberReply = z.object({ success: z.literal(true), warning: warningSchema });

export const memberReputationSchema = z.object({
  /** Spec 001 §3 "Member reputation". */
  id: z.number().int(),
  name: z.string(),
  reputationScore: z.number().int(),
  /** Contributions in this circle paid without penalty (on time). */
  paymentsOnTime: z.number().int(),
  /** Contributions in this circle that are not pending: paid, or unpaid past due date + grace. */
  totalPayments: z.number().int(),
  /** Percent, or null before any contribution counts. */
  onTimeRate: z.number().int().nullable(),
  joinDate: z.string(),
  /** What they have paid in contributions to this circle, decimal dollars ("300.00"). */
  contributions: z.string(),
  warnings: z.number().int(),
  isActive: z.boolean(),
  status: z.enum(['active', 'inactive', 'suspended']),
  riskScore: z.number().int(),
  riskLevel: z.enum(riskLevels),
  level: z.enum(reputationLevels),
  /** Ratings of this member given in this circle. */
  ratings: z.object({ average: z.number().nullable(), count: z.number().int() }),
  /** The caller's own rating of this member in this circle (to edit), or null. */
  myRating: ownRatingSchema.nullable(),
  /** The warnings themselves: for admins, and for the member about themselves; null for others. */
  warningList: z.array(warningSchema).nullable(),
  /** The formula's parts: trust score (with its own factors) minus the warning points. */
  formula: z.object({
    trustScore: z.number().int(),
    trust: trustExplanationSchema,
    warningPoints: z.number().int(),
  }),
});
export type MemberReputation = z.infer<typeof memberReputationSchema>;

/** GET /api/groups/:id/reputation (members). */
export const reputationReply = z.object({
  groupId: z.number().int(),
  isAdmin: z.boolean(),
  viewerId: z.number().int(),
  peerRatingEnabled: z.boolean(),
  members: z.array(memberReputationSchema),
});
export type ReputationReply = z.infer<typeof reputationReply>;
