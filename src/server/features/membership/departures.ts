import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { type Group, isGroupAdmin, requireAdmin, requireMember } from '#server/circle/access.ts';
import { groupAdminIds } from '#server/circle/admins.ts';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { votesNeeded } from '#shared/safeguards.ts';
import type { RemovalPreview } from '#shared/schemas/membership.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { type PendingAction, requestApproval } from '../pending-actions/request-approval.ts';
import { loadSafeguards, whenOn } from '../safeguards/rules.ts';
import { carryOutDeparture, checkMayDepart, type Departure, planDeparture } from './removal.ts';
import { closeRemovalProposals } from './stale-proposals.ts';

async function targetMembership(tx: Db, groupId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (!row) throw new AppError('MEMBER_NOT_FOUND');
  return row;
}

/**
 * The member vote an admin's removal needs: only in an active circle with the member-vote safeguard
 * on. The member being removed does not vote, nor does the admin who asks.
 */
async function voteFor(tx: Db, group: Group, requestedBySomeone = true) {
  if (group.status !== 'active') return null;
  const vote = whenOn((await loadSafeguards(tx, group.id)).member_vote);
  if (!vote) return null;
  // votesNeeded counts everyone but the requester; the member removed is not among the voters either.
  const voters = group.currentMembers - 1 + (requestedBySomeone ? 0 : 1);
  return { requiredApprovals: votesNeeded(vote.approvalPercent, voters) };
}

/** GET …/removal-preview: admins for anyone, a member for their own Leave. */
export async function removalPreview(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  userId: number,
): Promise<RemovalPreview> {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group, membership } = await requireMember(tx, groupId, user.id);
    const own = userId === user.id;
    if (!own && !isGroupAdmin(group, membership)) throw new AppError('NOT_GROUP_ADMIN');
    const target = await targetMembership(tx, groupId, userId);
    checkMayDepart(group, target, own ? { kind: 'leave' } : { kind: 'remove', actorId: user.id });
    const plan = await planDeparture(tx, group, target, false);
    const vote = own ? null : await voteFor(tx, group);
    return { ...plan.preview, needsVote: vote !== null, requiredApprovals: vote?.requiredApprovals ?? 0 };
  });
}

/** An admin removes a member: at once, or as a pending action where the member vote is on. */
export async function removeMember(ctx: AppContext, admin: SessionUser, groupId: number, userId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    const target = await targetMembership(tx, groupId, userId);
    const departure: Departure = { kind: 'remove', actorId: admin.id };
    checkMayDepart(group, target, departure);
    const vote = await voteFor(tx, group);
    if (vote) {
      // Refuse now what would only fail at execution (a debit in flight), so nobody votes in vain.
      const plan = await planDeparture(tx, group, target, false);
      const action = await requestApproval(tx, group, {
        type: 'remove_member',
        subject: `member:${userId}`,
        payload: { userId, memberName: plan.preview.memberName, reason: 'admin' },
        requestedBy: admin.id,
        requiredApprovals: vote.requiredApprovals,
        excludeApprovers: [userId],
        at: ctx.clock.now(),
      });
      return { status: 'pending' as const, pendingActionId: action.id };
    }
    await carryOutDeparture(ctx, tx, group, target, departure);
    await closeRemovalProposals(tx, group.id, userId);
    return { status: 'removed' as const, pendingActionId: null };
  });
}

/** A member's own Leave: needs no vote. */
export async function leaveGroup(ctx: AppContext, user: SessionUser, groupId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group, membership } = await requireMember(tx, groupId, user.id, { lock: true });
    checkMayDepart(group, membership, { kind: 'leave' });
    await carryOutDeparture(ctx, tx, group, membership, { kind: 'leave' });
    await closeRemovalProposals(tx, group.id, user.id);
    return { status: 'removed' as const, pendingActionId: null };
  });
}

/**
 * Proposes a member's removal for others to approve (another feature's "auto-remove inactive
 * members" calls it), in the caller's transaction holding the group lock. With the member-vote
 * safeguard on, the members vote as on an admin's removal; otherwise one admin must approve it
 * (the owner alone when the member is a co-admin, since only the owner removes co-admins). The
 * member concerned never approves. `reason` is kept on the action (e.g. 'inactive').
 */
export async function proposeRemoval(
  ctx: AppContext,
  tx: Db,
  group: Group,
  userId: number,
  reason: string,
): Promise<PendingAction> {
  const target = await targetMembership(tx, group.id, userId);
  checkMayDepart(group, target, { kind: 'remove', actorId: null });
  const vote = await voteFor(tx, group, false);
  const admins = (await groupAdminIds(tx, group)).filter((id) => id !== userId);
  const deciders = target.role === 'admin' ? [group.createdBy] : admins;
  const plan = await planDeparture(tx, group, target, false);
  return requestApproval(tx, group, {
    type: 'remove_member',
    subject: `member:${userId}`,
    payload: { userId, memberName: plan.preview.memberName, reason },
    requestedBy: null,
    requiredApprovals: vote ? vote.requiredApprovals : 1,
    excludeApprovers: [userId],
    ...(vote ? {} : { onlyApprovers: deciders }),
    at: ctx.clock.now(),
  });
}

/** An approved removal takes effect (holding the group lock); the rules are checked again. */
export async function executeApprovedRemoval(ctx: AppContext, tx: Db, group: Group, action: PendingAction) {
  const userId = action.payload.userId as number;
  const target = await targetMembership(tx, group.id, userId);
  const departure: Departure = { kind: 'remove', actorId: action.requestedBy };
  checkMayDepart(group, target, departure);
  await carryOutDeparture(ctx, tx, group, target, departure);
}
