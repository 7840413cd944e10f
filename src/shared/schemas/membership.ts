import { z } from 'zod';

/** DELETE /api/groups/{groupId}/members/{userId} and its preview: the group and the member's user id. */
export { memberParams } from './autopay.ts';

export const removalCases = ['recruiting', 'before_payout', 'after_payout'] as const;
export const debtReasons = [
  'missed_before_leaving',
  'received_larger_pool',
  'departed_after_payout',
  'late_penalty_owed',
] as const;

/** Exactly what a departure will do (docs/decisions/0029), in cents. */
export const removalPreviewReply = z.object({
  userId: z.number().int(),
  memberName: z.string(),
  /** recruiting: the seat is freed; before_payout: their turn was ahead; after_payout: they were paid. */
  case: z.enum(removalCases),
  contributionCents: z.number().int(),
  /** Their paid contribution to the current cycle, moved from its escrow to the reserve. */
  forfeitedCents: z.number().int(),
  /** What they will owe the reserve in all… */
  debtCents: z.number().int(),
  /** …of which the forfeited contribution already pays this much. */
  debtPaidCents: z.number().int(),
  /** …and late penalties still owed on their contributions, which become a debt of their own. */
  penaltyDebtCents: z.number().int(),
  /** Members already paid out who will owe the reserve one contribution (the circle shrinks). */
  otherDebts: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      reason: z.enum(debtReasons),
      amountCents: z.number().int(),
    }),
  ),
  /** Each later cycle's pool after the change. */
  newPoolCents: z.number().int(),
  newTotalCycles: z.number().int(),
  remainingMembers: z.number().int(),
  movesUp: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      fromPosition: z.number().int(),
      toPosition: z.number().int(),
    }),
  ),
  /** The leaver was the last cycle's recipient: that cycle goes and the circle completes. */
  completesCircle: z.boolean(),
  /** An admin's removal waits for the members' vote (member-vote safeguard, active circle). */
  needsVote: z.boolean(),
  requiredApprovals: z.number().int(),
});
export type RemovalPreview = z.infer<typeof removalPreviewReply>;

export const removalReply = z.object({
  success: z.literal(true),
  message: z.string(),
  /** removed: done now; pending: a pending action waits for approval. */
  status: z.enum(['removed', 'pending']),
  pendingActionId: z.number().int().nullable(),
});

export const memberDebtSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  reason: z.enum(debtReasons),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  remainingCents: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type MemberDebt = z.infer<typeof memberDebtSchema>;

export const myDebtsReply = z.object({ debts: z.array(memberDebtSchema) });
export const payDebtReply = z.object({ success: z.literal(true), debt: memberDebtSchema });
