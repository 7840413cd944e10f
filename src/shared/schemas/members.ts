import { z } from 'zod';
import { dbId } from './ids.ts';

/** A member of a circle named by their user id, as the spec's other member calls do. */
export { memberParams as memberPathParams } from './autopay.ts';

export const memberRoles = ['member', 'admin'] as const;
export type MemberRole = (typeof memberRoles)[number];

/** PUT /api/groups/{groupId}/members/{userId}/role (spec 001 §7). */
export const setMemberRoleSchema = z.strictObject({ role: z.enum(memberRoles) });
export const memberRoleReply = z.object({
  success: z.literal(true),
  userId: z.number().int(),
  role: z.enum(memberRoles),
});

export const memberStatuses = ['active', 'inactive', 'suspended'] as const;

/** Spec 001 §5, the Members tab's trust badge: at least 85 high, at least 70 medium, otherwise low. */
export function membersTabTrustLevel(score: number): 'high' | 'medium' | 'low' {
  if (score >= 85) return 'high';
  if (score >= 70) return 'medium';
  return 'low';
}

/** The spec's Member record (§3), with what the Members tab shows beside it. */
export const memberRecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  username: z.string(),
  /** The owner's role is always admin. */
  role: z.enum(memberRoles),
  isOwner: z.boolean(),
  status: z.enum(memberStatuses),
  trustScore: z.number().int().min(0).max(100),
  trustLevel: z.enum(['high', 'medium', 'low']),
  /** In this circle: paid (late ones included), late (paid after due date + grace), missed (unpaid past it). */
  contributionHistory: z.object({
    paid: z.number().int(),
    missed: z.number().int(),
    late: z.number().int(),
  }),
  bankVerified: z.boolean(),
  identityVerified: z.boolean(),
  position: z.number().int().nullable(),
  hasReceivedPayout: z.boolean(),
  joinedAt: z.string(),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

export const membersReply = z.object({
  members: z.array(memberRecordSchema),
  viewer: z.object({ userId: z.number().int(), isAdmin: z.boolean(), isOwner: z.boolean() }),
});
export type MembersReply = z.infer<typeof membersReply>;

/** POST /api/groups/{groupId}/ownership-transfer: the owner offers the circle to a member. */
export const startOwnershipTransferSchema = z.strictObject({ toUserId: dbId });

export const ownershipTransferSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  from: z.object({ userId: z.number().int(), fullName: z.string() }),
  to: z.object({ userId: z.number().int(), fullName: z.string() }),
  status: z.enum(['pending', 'accepted', 'declined', 'canceled', 'expired']),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type OwnershipTransfer = z.infer<typeof ownershipTransferSchema>;

/** The open transfer, shown to the owner and to its target; null for anyone else or when none is open. */
export const ownershipTransferReply = z.object({ transfer: ownershipTransferSchema.nullable() });
export type OwnershipTransferReply = z.infer<typeof ownershipTransferReply>;

/** The reply of starting, accepting, declining or canceling a transfer: the transfer as it now stands. */
export const ownershipTransferChangeReply = z.object({
  success: z.literal(true),
  transfer: ownershipTransferSchema,
});
