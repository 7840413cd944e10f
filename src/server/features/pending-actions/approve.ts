import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireMember } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { pendingActionApprovals, pendingActions } from '#server/db/safeguards-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { executeApproved } from './execute.ts';
import { mayApprove } from './request-approval.ts';

/**
 * A member approves a pending action (never the one who asked for it, and once each). The approval
 * that completes the count approves the action and runs it at once, or as soon as what holds it
 * back allows (due work). An expired action takes no more approvals.
 */
export async function approveAction(ctx: AppContext, user: SessionUser, groupId: number, actionId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireMember(tx, groupId, user.id, { lock: true });
    const [action] = await tx
      .select()
      .from(pendingActions)
      .where(and(eq(pendingActions.id, actionId), eq(pendingActions.groupId, groupId)))
      .for('update');
    if (!action) throw new AppError('ACTION_NOT_FOUND');
    const now = ctx.clock.now();
    if (action.status !== 'pending' || action.expiresAt <= now) throw new AppError('ACTION_NOT_PENDING');
    if (action.requestedBy === user.id) throw new AppError('OWN_ACTION');
    // The member a removal is about never votes on it; a proposal without a vote waits for an admin.
    if (!mayApprove(action, user.id)) throw new AppError('NOT_AN_APPROVER');
    const inserted = await tx
      .insert(pendingActionApprovals)
      .values({ actionId, userId: user.id, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw new AppError('ALREADY_APPROVED');
    await recordAudit(tx, {
      action: 'action_approved',
      actorUserId: user.id,
      subject: String(actionId),
      details: { groupId },
      at: now,
    });
    const [approvals] = await tx
      .select({ n: count() })
      .from(pendingActionApprovals)
      .where(eq(pendingActionApprovals.actionId, actionId));
    if ((approvals?.n ?? 0) < action.requiredApprovals)
      return { status: 'pending' as const, currentApprovals: approvals?.n ?? 0, blockedBy: null };
    const [approved] = await tx
      .update(pendingActions)
      .set({ status: 'approved', approvedAt: now })
      .where(eq(pendingActions.id, actionId))
      .returning();
    const blockedBy = await executeApproved(ctx, tx, group, approved!);
    return { status: 'approved' as const, currentApprovals: approvals?.n ?? 0, blockedBy };
  });
}
