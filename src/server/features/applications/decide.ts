import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import { groupApplications } from '#server/db/applications-schema.ts';
import { groupMembers } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { takeSeat } from '../groups/join-group.ts';
import { loadApplication, requirePending } from './load-application.ts';
import { serializeApplication } from './serialize.ts';

/** A request to join is for the group's admins (and its sender) to see; to anyone else it does not exist. */
const onlyAdminsSee = { lock: true, notFound: 'APPLICATION_NOT_FOUND', adminsOnlySee: true } as const;

/**
 * Admin: let the applicant in. Same path as joining (group row lock, seat limit, activation on the
 * last seat), in one transaction with the application's new status and the audit record.
 */
export async function approveApplication(ctx: AppContext, user: SessionUser, applicationId: number) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const { groupId } = await loadApplication(tx, applicationId);
    // Group lock first, application second: the order every path here takes, so none deadlock.
    const { group } = await requireAdmin(tx, groupId, user.id, onlyAdminsSee);
    const application = await loadApplication(tx, applicationId, { lock: true });
    requirePending(application);
    if (group.status !== 'recruiting' || group.currentMembers >= group.memberLimit)
      throw new AppError('GROUP_FULL');
    const [member] = await tx
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, application.userId)));
    if (member) throw new AppError('ALREADY_MEMBER');

    // Decided before the seat is taken, so filling the last seat closes only the others.
    const [approved] = await tx
      .update(groupApplications)
      .set({ status: 'approved', decidedBy: user.id, decidedAt: now })
      .where(eq(groupApplications.id, applicationId))
      .returning();
    const seat = await takeSeat(tx, group, application.userId, now, user.id);
    await recordAudit(tx, {
      action: 'application_approved',
      actorUserId: user.id,
      subject: String(groupId),
      details: { applicationId, userId: application.userId },
      at: now,
    });
    await notify(tx, now, [application.userId], 'application_approved', groupId, { groupName: group.name });
    return {
      success: true as const,
      message: 'Member approved',
      application: serializeApplication(approved!),
      group: { id: groupId, status: seat.status, currentMembers: seat.currentMembers },
    };
  });
}

/** Admin: turn the applicant down; they are told the reason. */
export async function rejectApplication(
  ctx: AppContext,
  user: SessionUser,
  applicationId: number,
  reason: string,
) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const { groupId } = await loadApplication(tx, applicationId);
    const { group } = await requireAdmin(tx, groupId, user.id, onlyAdminsSee);
    const application = await loadApplication(tx, applicationId, { lock: true });
    requirePending(application);
    const [rejected] = await tx
      .update(groupApplications)
      .set({ status: 'rejected', decidedBy: user.id, decidedAt: now, decisionReason: reason })
      .where(eq(groupApplications.id, applicationId))
      .returning();
    await recordAudit(tx, {
      action: 'application_rejected',
      actorUserId: user.id,
      subject: String(groupId),
      details: { applicationId, userId: application.userId, reason },
      at: now,
    });
    // No group link: the applicant is not a member, so the group page would refuse them.
    await notify(tx, now, [application.userId], 'application_rejected', null, {
      groupName: group.name,
      reason,
    });
    return {
      success: true as const,
      message: 'Member rejected',
      application: serializeApplication(rejected!),
    };
  });
}
