import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireOwner } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import { groupMembers } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { MemberRole } from '#shared/schemas/members.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * The owner makes a member a co-admin, or a co-admin a member again (spec 001 §6: never on oneself).
 * Co-admins do every other admin thing (circle/access.ts) but not this: otherwise two co-admins could
 * demote each other, or the owner, in a race for the circle. The owner's own role is never changed
 * here; ownership moves only by a transfer the new owner accepts.
 */
export async function setMemberRole(
  ctx: AppContext,
  owner: SessionUser,
  groupId: number,
  userId: number,
  role: MemberRole,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireOwner(tx, groupId, owner.id, { lock: true });
    if (userId === owner.id) throw new AppError('CANNOT_CHANGE_OWN_ROLE');
    const [target] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    if (!target) throw new AppError('MEMBER_NOT_FOUND');
    // Asking for the role they already have changes nothing and tells nobody.
    if (target.role === role) return { userId, role };
    const now = ctx.clock.now();
    await tx.update(groupMembers).set({ role }).where(eq(groupMembers.id, target.id));
    await recordAudit(tx, {
      action: 'member_role_changed',
      actorUserId: owner.id,
      subject: String(groupId),
      details: { userId, from: target.role, to: role },
      at: now,
    });
    await notify(tx, now, [userId], role === 'admin' ? 'made_co_admin' : 'co_admin_removed', groupId, {
      groupName: group.name,
      ownerName: owner.fullName,
    });
    return { userId, role };
  });
}
