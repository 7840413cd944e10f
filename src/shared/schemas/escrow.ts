import { z } from 'zod';
import { payoutReleasedReply } from './groups.ts';
import { errorCodeSchema, pendingActionReply } from './replies.ts';

export const escrowStatuses = ['collecting', 'ready_for_release', 'disputed', 'released'] as const;

export const disputeSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'resolved']),
  reason: z.string(),
  resolution: z.string().nullable(),
  openedBy: z.string(),
  openedById: z.number().int(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  canResolve: z.boolean(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const escrowSchema = z.object({
  id: z.number().int(),
  cycleNumber: z.number().int(),
  status: z.enum(escrowStatuses),
  totalTarget: z.string(),
  currentBalance: z.string(),
  recipientId: z.number().int().nullable(),
  recipientName: z.string(),
  releaseDate: z.string(),
  released: z.object({ amount: z.string(), fee: z.string(), at: z.string().nullable() }).nullable(),
  conditions: z.object({
    minimumContributions: z.number(),
    requiredApprovals: z.number().int(),
    currentApprovals: z.number().int(),
    autoReleaseEnabled: z.boolean(),
  }),
  contributors: z.number().int(),
  memberCount: z.number().int(),
  transactionCount: z.number().int(),
  /** While the time lock holds the pool: when it lets go. */
  unlocksAt: z.string().nullable(),
  pendingRelease: z
    .object({ actionId: z.number().int(), status: z.string(), blockedBy: z.string().nullable() })
    .nullable(),
  canRelease: z.boolean(),
  /** Why the release gate says no (an error code), or null. */
  releaseBlockedBy: errorCodeSchema.nullable(),
  disputes: z.array(disputeSchema),
});
export type Escrow = z.infer<typeof escrowSchema>;

/** GET /api/groups/{groupId}/escrow: the Escrow tab. */
export const escrowViewReply = z.object({
  escrows: z.array(escrowSchema),
  safeguards: z.object({
    multiSignature: z.number().int().nullable(),
    timeLockHours: z.number().int().nullable(),
    thirdPartyCustody: z.boolean(),
  }),
  viewer: z.object({ userId: z.number().int(), isAdmin: z.boolean() }),
  frozen: z.boolean(),
});
export type EscrowViewReply = z.infer<typeof escrowViewReply>;

export const escrowTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(['deposit', 'withdrawal', 'fee']),
  amount: z.string(),
  counterparty: z.string().nullable(),
  counterpartyKind: z.enum(['member', 'reserve', 'platform']),
  timestamp: z.string(),
  status: z.enum(['completed', 'pending']),
  transactionId: z.string(),
});
export type EscrowTransaction = z.infer<typeof escrowTransactionSchema>;

/** GET /api/escrow/{escrowId}/transactions. */
export const escrowTransactionsReply = z.object({
  escrowId: z.number().int(),
  cycleNumber: z.number().int(),
  transactions: z.array(escrowTransactionSchema),
});
export type EscrowTransactionsReply = z.infer<typeof escrowTransactionsReply>;

/** POST /api/escrow/release: 200 released, or 202 waiting for the members' approvals. */
export const escrowReleasedReply = payoutReleasedReply;
export const escrowReleasePendingReply = pendingActionReply;
export type EscrowReleaseReply = z.infer<typeof escrowReleasedReply> | z.infer<typeof pendingActionReply>;

/** POST /api/escrow/{escrowId}/disputes (201). */
export const disputeOpenedReply = z.object({ success: z.literal(true), disputeId: z.number().int() });

export const disputeResolvedReply = z.object({
  success: z.literal(true),
  disputeId: z.number().int(),
  status: z.enum(['open', 'resolved']),
});
export type DisputeOpenedReply = z.infer<typeof disputeOpenedReply>;
export type DisputeResolvedReply = z.infer<typeof disputeResolvedReply>;
