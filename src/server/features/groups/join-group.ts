import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { fullNameOf, postSystemMessage } from '#server/core/group-chat.ts';
import { recordProductEvent } from '#server/core/product-events.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { ApplicationFields } from '#shared/schemas/applications.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { activateGroup } from './activate-group.ts';
import { inviteCodeMatches } from './invite-code.ts';
import { circleFilled, requestToJoin } from './join-requests.ts';

type Group = typeof groups.$inferSelect;

/**
 * What authorises a join by the circle's id: its invite code, which its members share. An
 * invitation sent to one person authorises through its own token (features/invitations), then
 * joins through joinLockedGroup.
 */
export type JoinAuthority = { kind: 'invite_code'; code: string | undefined };

function authorises(group: Group, authority: JoinAuthority): boolean {
  return authority.kind === 'invite_code' && inviteCodeMatches(group.inviteCode, authority.code);
}

/**
 * Takes a seat. The group row is locked for the whole check-and-insert, so when many people race
 * for the last seat exactly one gets it; the unique (group, user) index stops double joins.
 * A group that reviews its members gets an application instead (answered 202 by the route).
 * Without what authorises the join, the answer is the one for a group that does not exist: a
 * group id alone tells a stranger nothing.
 */
export async function joinGroup(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  authority: JoinAuthority,
  options: { claimedUserId?: number; application?: ApplicationFields } = {},
) {
  if (options.claimedUserId !== undefined && options.claimedUserId !== user.id)
    throw new AppError('FORBIDDEN');
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (!group || !authorises(group, authority)) throw new AppError('INVITE_NOT_FOUND');
    return joinLockedGroup(tx, group, user, options.application ?? {}, now);
  });
}

/**
 * The join once it is authorised (by the invite code, or by an invitation sent to this person),
 * for a caller holding the group's row lock: refuses a member and a full or non-recruiting circle,
 * files a request to join where the circle reviews its members, and otherwise takes the seat.
 */
export async function joinLockedGroup(
  tx: Db,
  group: Group,
  user: SessionUser,
  application: ApplicationFields,
  now: Date,
) {
  const groupId = group.id;
  const [existing] = await tx
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, user.id)));
  if (existing) throw new AppError('ALREADY_MEMBER');
  if (group.status !== 'recruiting' || group.currentMembers >= group.memberLimit)
    throw new AppError('GROUP_FULL');
  if (group.requireApproval) {
    const submitted = await requestToJoin(tx, group, user, application, now);
    return {
      success: true as const,
      message: 'Your request to join was sent to the group admins',
      groupId,
      status: group.status,
      application: submitted,
    };
  }

  const { status } = await takeSeat(tx, group, user.id, now, user.id);
  return { success: true as const, message: 'Successfully Joined Group!', groupId, status };
}

/**
 * Adds `userId` to a group whose row the caller has locked and checked for a free seat; activates
 * the group when this was the last seat. Shared by joining and by an admin approving an application.
 */
export async function takeSeat(tx: Db, group: Group, userId: number, now: Date, actorUserId: number) {
  await tx.insert(groupMembers).values({ groupId: group.id, userId, joinedAt: now });
  const currentMembers = group.currentMembers + 1;
  await tx.update(groups).set({ currentMembers }).where(eq(groups.id, group.id));
  await recordAudit(tx, {
    action: 'group_joined',
    actorUserId,
    subject: String(group.id),
    at: now,
    ...(actorUserId !== userId && { details: { userId } }),
  });
  // The seat's new member joined, whether by code, by invitation or by an approved request.
  await recordProductEvent(tx, { name: 'join_group', userId, groupId: group.id, at: now });
  await postSystemMessage(tx, {
    groupId: group.id,
    kind: 'member_joined',
    params: { memberName: await fullNameOf(tx, userId) },
    at: now,
  });
  const filled = currentMembers === group.memberLimit;
  if (filled) {
    await activateGroup(tx, { ...group, currentMembers }, now);
    // No seat is left for anyone still waiting for a decision.
    await circleFilled(tx, group, now);
  }
  return { status: filled ? ('active' as const) : ('recruiting' as const), currentMembers };
}
