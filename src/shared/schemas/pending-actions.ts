import { z } from 'zod';
import { safeguardTypes } from '../safeguards.ts';
import { errorCodeSchema } from './replies.ts';

export const pendingActionSchema = z.object({
  id: z.number().int(),
  type: z.enum(['release_escrow', 'adjust_rotation', 'update_safeguard', 'remove_member']),
  description: z.string(),
  details: z.object({
    cycle: z.number().int().nullable(),
    ruleId: z.enum(safeguardTypes).nullable(),
    enabled: z.boolean().nullable(),
    /** remove_member: whom the removal is about. */
    memberName: z.string().nullable(),
  }),
  requestedBy: z.string().nullable(),
  requestedById: z.number().int().nullable(),
  amount: z.string().nullable(),
  requiredApprovals: z.number().int(),
  currentApprovals: z.number().int(),
  approvers: z.array(z.string()),
  timeRemaining: z.number(),
  status: z.enum(['pending', 'approved', 'rejected', 'expired']),
  waiting: z.boolean(),
  blockedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  executedAt: z.string().nullable(),
  canApprove: z.boolean(),
});
export type PendingAction = z.infer<typeof pendingActionSchema>;

/** GET /api/groups/{groupId}/actions. */
export const pendingActionsReply = z.object({ pendingActions: z.array(pendingActionSchema) });
export type PendingActionsReply = z.infer<typeof pendingActionsReply>;

/** POST …/actions/{actionId}/approve: still waiting, or approved (and carried out unless blocked). */
export const approveActionReply = z.object({
  success: z.literal(true),
  status: z.enum(['pending', 'approved']),
  currentApprovals: z.number().int(),
  /** Approved but not carried out: the error code that stopped it. */
  blockedBy: errorCodeSchema.nullable(),
});
export type ApproveActionReply = z.infer<typeof approveActionReply>;
