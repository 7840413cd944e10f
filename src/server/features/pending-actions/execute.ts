import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { pendingActionApprovals, pendingActions } from '#server/db/safeguards-schema.ts';
import type { ErrorCode } from '#shared/errors.ts';
import type { SafeguardType } from '#shared/safeguards.ts';
import { releaseEscrow } from '../escrow/release.ts';
import { applyRotation } from '../groups/adjust-rotation.ts';
import type { PayoutDelivery } from '../groups/payouts.ts';
import { applySafeguardChange } from '../safeguards/apply.ts';
import type { PendingAction } from './request-approval.ts';

/** Carries out what an approved action asks for, in the caller's transaction. */
async function carryOut(ctx: AppContext, tx: Db, group: Group, action: PendingAction) {
  const payload = action.payload;
  switch (action.type) {
    case 'release_escrow':
      await releaseEscrow(
        ctx,
        tx,
        group,
        action.requestedBy,
        {
          cycle: payload.cycle as number,
          minimumShare: payload.minimumShare as number,
          delivery: payload.delivery as PayoutDelivery,
        },
        { approved: true },
      );
      return;
    case 'adjust_rotation':
      await applyRotation(ctx, tx, group, action.requestedBy, payload.newOrder as number[]);
      return;
    case 'update_safeguard':
      await applySafeguardChange(ctx, tx, group, action.requestedBy, {
        type: payload.ruleId as SafeguardType,
        enabled: payload.enabled as boolean,
        config: payload.configuration as Record<string, number>,
      });
      return;
  }
}

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
    await tx.transaction((sp) => carryOut(ctx, sp, group, action));
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
