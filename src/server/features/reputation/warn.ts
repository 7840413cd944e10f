import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { notify } from '#server/core/notify.ts';
import { memberWarnings } from '#server/db/reputation-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { requireOtherMember } from './members.ts';

/**
 * POST /api/groups/:id/members/:userId/warnings (admins): a warning with its reason, which the
 * member is told in their notifications; each one takes points off their reputation in this circle.
 */
export async function warnMember(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  userId: number,
  reason: string,
) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, user.id);
    if (userId === user.id) throw new AppError('CANNOT_WARN_SELF');
    await requireOtherMember(tx, groupId, userId);
    const [warning] = await tx
      .insert(memberWarnings)
      .values({ groupId, userId, issuedBy: user.id, reason, createdAt: now })
      .returning();
    await recordAudit(tx, {
      action: 'member_warned',
      actorUserId: user.id,
      subject: String(groupId),
      details: { userId, warningId: warning!.id, reason },
      at: now,
    });
    await notify(tx, now, [userId], 'member_warned', groupId, { groupName: group.name, reason });
    return {
      success: true as const,
      warning: {
        id: warning!.id,
        reason: warning!.reason,
        issuedByName: user.fullName,
        createdAt: warning!.createdAt.toISOString(),
      },
    };
  });
}
