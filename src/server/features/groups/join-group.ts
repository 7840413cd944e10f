import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { AppError } from '#server/http/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { activateGroup } from './activate-group.ts';

/**
 * Takes a seat. The group row is locked for the whole check-and-insert, so when many people race
 * for the last seat exactly one gets it; the unique (group, user) index stops double joins.
 */
export async function joinGroup(ctx: AppContext, user: SessionUser, groupId: number, claimedUserId?: number) {
  if (claimedUserId !== undefined && claimedUserId !== user.id) throw new AppError('FORBIDDEN');
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (!group) throw new AppError('GROUP_NOT_FOUND');
    const [existing] = await tx
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, user.id)));
    if (existing) throw new AppError('ALREADY_MEMBER');
    if (group.status !== 'recruiting' || group.currentMembers >= group.memberLimit)
      throw new AppError('GROUP_FULL');
    if (group.requireApproval) throw new AppError('APPROVAL_REQUIRED');

    await tx.insert(groupMembers).values({ groupId, userId: user.id, joinedAt: now });
    const currentMembers = group.currentMembers + 1;
    await tx.update(groups).set({ currentMembers }).where(eq(groups.id, groupId));
    await recordAudit(tx, {
      action: 'group_joined',
      actorUserId: user.id,
      subject: String(groupId),
      at: now,
    });
    if (currentMembers === group.memberLimit) await activateGroup(tx, { ...group, currentMembers }, now);
    return {
      success: true as const,
      message: 'Successfully Joined Group!',
      groupId,
      status: currentMembers === group.memberLimit ? 'active' : 'recruiting',
    };
  });
}
