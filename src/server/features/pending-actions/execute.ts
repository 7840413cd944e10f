import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { pendingActionApprovals, pendingActions } from '#server/db/safeguards-schema.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { executorFor } from './executors.ts';
import type { PendingAction } from './request-approval.ts';

/**
 * Runs an approved action (holding the group lock). What holds it back for now (a time lock, a
 * dispute, a frozen circle) is kept as `blockedBy` and due work tries again until it expires; the
 * attempt sits in a savepoint, so a refusal leaves nothing half done.
 */
export async function executeApproved(
  ctx: AppContext,
  tx: Db,
  group: Group,
  action: PendingAction,
): Promise<ErrorCode | null> {
  const now = ctx.clock.now();
  try {
    await tx.transaction((sp) => executorFor(action.type)(ctx, sp, group, action));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const code = error.code as ErrorCode;
    await tx.update(pendingActions).set({ blockedBy: code }).where(eq(pendingActions.id, action.id));
    return code;
  }
  await tx
    .update(pendingActions)
    .set({ executedAt: now, blockedBy: null })
    .where(eq(pendingActions.id, action.id));
  const approvers = await tx
    .select({ userId: pendingActionApprovals.userId })
    .from(pendingActionApprovals)
    .where(eq(pendingActionApprovals.actionId, action.id));
  const told = new Set([
    ...approvers.map((a) => a.userId),
    ...(action.requestedBy ? [action.requestedBy] : []),
  ]);
  await notify(tx, now, [...told], 'action_executed', group.id, {
    groupName: group.name,
    actionId: action.id,
  });
  await recordAudit(tx, {
    action: 'action_executed',
    actorUserId: action.requestedBy,
    subject: String(action.id),
    details: { groupId: group.id, type: action.type },
    at: now,
  });
  return null;
}
