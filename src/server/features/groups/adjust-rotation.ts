import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { type Group, requireAdmin } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { cycles, groupMembers } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { votesNeeded } from '#shared/safeguards.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { requestApproval } from '../pending-actions/request-approval.ts';
import { loadSafeguards, whenOn } from '../safeguards/rules.ts';

/** The cycles not yet paid out, after checking that `newOrder` names each of their recipients once. */
async function unpaidCyclesFor(tx: Db, group: Group, newOrder: number[]) {
  if (group.status !== 'active') throw new AppError('GROUP_NOT_ACTIVE');
  const unpaid = await tx
    .select({ id: cycles.id, number: cycles.number, recipientUserId: cycles.recipientUserId })
    .from(cycles)
    .where(and(eq(cycles.groupId, group.id), ne(cycles.status, 'paid_out')))
    .orderBy(asc(cycles.number));
  const waiting = unpaid.map((c) => c.recipientUserId).sort();
  if (newOrder.length !== waiting.length || [...newOrder].sort().some((id, i) => id !== waiting[i])) {
    throw new AppError(
      'VALIDATION_ERROR',
      'The new order must list each member still waiting for a payout once',
    );
  }
  return unpaid;
}

/**
 * Reorders who receives the cycles not yet paid out. The new order must name exactly the members
 * still waiting for their payout; paid cycles and their recipients never change. Call it holding
 * the group lock (directly, or as an approved member vote).
 */
export async function applyRotation(
  ctx: AppContext,
  tx: Db,
  group: Group,
  actorId: number | null,
  newOrder: number[],
) {
  const unpaid = await unpaidCyclesFor(tx, group, newOrder);
  // Positions are unique per group: clear the waiting members' positions before reassigning them.
  for (const userId of newOrder) {
    await tx
      .update(groupMembers)
      .set({ position: null })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId)));
  }
  for (const [index, cycle] of unpaid.entries()) {
    const userId = newOrder[index]!;
    await tx.update(cycles).set({ recipientUserId: userId }).where(eq(cycles.id, cycle.id));
    await tx
      .update(groupMembers)
      .set({ position: cycle.number })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId)));
  }
  await recordAudit(tx, {
    action: 'rotation_adjusted',
    actorUserId: actorId,
    subject: String(group.id),
    details: { newOrder },
    at: ctx.clock.now(),
  });
}

/** Adjust Order (admin). With the member-vote safeguard on, it waits for the members' approval. */
export async function adjustRotation(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
  newOrder: number[],
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    const vote = whenOn((await loadSafeguards(tx, groupId)).member_vote);
    if (!vote) {
      await applyRotation(ctx, tx, group, admin.id, newOrder);
      return { success: true as const };
    }
    await unpaidCyclesFor(tx, group, newOrder);
    const pendingAction = await requestApproval(tx, group, {
      type: 'adjust_rotation',
      subject: 'rotation',
      payload: { newOrder },
      requestedBy: admin.id,
      requiredApprovals: votesNeeded(vote.approvalPercent, group.currentMembers),
      at: ctx.clock.now(),
    });
    return { success: true as const, pendingActionId: pendingAction.id };
  });
}
