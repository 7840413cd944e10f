import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { overdueFrom } from '#server/circle/schedule.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import { contributions, paymentReminders } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { formatAmount, percentOfCents } from '#shared/money.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { recordPenaltyCharged } from '../groups/penalty-records.ts';

const DAY_MS = 86_400_000;

/**
 * Send Reminder (admin): reminds the member of their oldest unpaid contribution, stored as a
 * payment reminder and delivered as a notification; at most one a day for the same payment.
 */
export async function sendManualReminder(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
  userId: number,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    if (group.status !== 'active') throw new AppError('GROUP_NOT_ACTIVE');
    const [owed] = await tx
      .select()
      .from(contributions)
      .where(
        and(
          eq(contributions.groupId, groupId),
          eq(contributions.userId, userId),
          eq(contributions.status, 'pending'),
        ),
      )
      .orderBy(contributions.cycle)
      .limit(1)
      .for('update');
    if (!owed) throw new AppError('NOTHING_TO_REMIND');
    const now = ctx.clock.now();
    const [last] = await tx
      .select({ sentAt: paymentReminders.sentAt })
      .from(paymentReminders)
      .where(and(eq(paymentReminders.contributionId, owed.id), eq(paymentReminders.reminderType, 'manual')))
      .orderBy(desc(paymentReminders.sentAt))
      .limit(1);
    if (last && now.getTime() - last.sentAt.getTime() < DAY_MS) throw new AppError('REMINDER_TOO_SOON');
    const [reminder] = await tx
      .insert(paymentReminders)
      .values({
        groupId,
        userId,
        contributionId: owed.id,
        reminderType: 'manual',
        sentBy: admin.id,
        sentAt: now,
        dueDate: owed.dueDate,
        amountCents: owed.amountCents,
      })
      .returning();
    await notify(tx, now, [userId], 'payment_reminder', groupId, {
      groupName: group.name,
      amount: formatAmount(owed.amountCents),
      dueDate: owed.dueDate,
    });
    await recordAudit(tx, {
      action: 'reminder_sent',
      actorUserId: admin.id,
      subject: String(owed.id),
      details: { groupId, userId },
      at: now,
    });
    return reminder!;
  });
}

/**
 * Apply Penalty (admin) on a contribution still unpaid after its due date and grace: the circle's
 * late penalty is charged now (owed to the reserve, recorded as a default penalty) instead of when
 * it is finally paid; settling it later charges nothing more.
 */
export async function applyPenalty(ctx: AppContext, admin: SessionUser, contributionId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const [found] = await tx
      .select({ groupId: contributions.groupId })
      .from(contributions)
      .where(eq(contributions.id, contributionId));
    if (!found) throw new AppError('CONTRIBUTION_NOT_FOUND');
    const { group } = await requireAdmin(tx, found.groupId, admin.id, {
      lock: true,
      notFound: 'CONTRIBUTION_NOT_FOUND',
    });
    const [row] = await tx
      .select()
      .from(contributions)
      .where(eq(contributions.id, contributionId))
      .for('update');
    const c = row!;
    const now = ctx.clock.now();
    if (c.penaltyStatus !== 'none') throw new AppError('PENALTY_ALREADY_CHARGED');
    if (
      c.status === 'paid' ||
      group.status !== 'active' ||
      now < overdueFrom(c.dueDate, c.graceDays, group.timeZone)
    )
      throw new AppError('PENALTY_NOT_OVERDUE');
    const penaltyCents = percentOfCents(c.amountCents, group.penaltyPercentage * 100);
    if (penaltyCents === 0) throw new AppError('PENALTY_NOT_OVERDUE');
    const [updated] = await tx
      .update(contributions)
      .set({ penaltyCents, penaltyStatus: 'owed' })
      .where(eq(contributions.id, c.id))
      .returning();
    await recordPenaltyCharged(tx, { contribution: c, penaltyCents, appliedBy: admin.id, at: now });
    await notify(tx, now, [c.userId], 'penalty_applied', group.id, {
      groupName: group.name,
      amount: formatAmount(penaltyCents),
    });
    await recordAudit(tx, {
      action: 'penalty_applied',
      actorUserId: admin.id,
      subject: String(c.id),
      details: { penaltyCents },
      at: now,
    });
    return updated!;
  });
}
