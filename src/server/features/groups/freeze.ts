import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { postSystemMessage } from '#server/core/group-chat.ts';
import { notify } from '#server/core/notify.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * An admin pauses an active circle (PRODUCT.md "The circle's life"): a frozen circle releases no
 * escrow, takes no automatic payout and sends no reminders until it is unfrozen. Payments already
 * made off the app can still be recorded, so the records stay true while it is paused.
 */
export async function setFrozen(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
  frozen: boolean,
  reason: string | null,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    if (group.status !== 'active') throw new AppError('GROUP_NOT_ACTIVE');
    if (group.frozen === frozen) throw new AppError(frozen ? 'GROUP_FROZEN' : 'GROUP_NOT_FROZEN');
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(groups)
      .set({ frozen, frozenReason: frozen ? reason : null })
      .where(eq(groups.id, groupId))
      .returning();
    await recordAudit(tx, {
      action: frozen ? 'group_frozen' : 'group_unfrozen',
      actorUserId: admin.id,
      subject: String(groupId),
      details: reason ? { reason } : {},
      at: now,
    });
    await postSystemMessage(tx, {
      groupId,
      kind: frozen ? 'group_frozen' : 'group_unfrozen',
      params: { adminName: admin.fullName, ...(frozen && reason ? { reason } : {}) },
      at: now,
    });
    const members = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId));
    await notify(
      tx,
      now,
      members.map((m) => m.userId).filter((id) => id !== admin.id),
      frozen ? 'group_frozen' : 'group_unfrozen',
      groupId,
      { groupName: group.name, ...(reason ? { reason } : {}) },
    );
    return updated!;
  });
}
