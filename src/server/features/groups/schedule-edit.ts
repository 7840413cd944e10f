import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { cycleDates, localToday } from '#server/circle/schedule.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { cycles, groups } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { addDays } from '#shared/calendar.ts';
import type { ScheduleUpdate } from '#shared/schemas/groups.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * Changes the schedule of cycles that have not started. A recruiting group simply gets new settings;
 * an active one keeps its current cycle as it is and re-dates every later cycle from the day after
 * the current due date, so no cycle moves into the past or before the one in progress.
 */
export async function updateSchedule(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
  input: ScheduleUpdate,
) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    if (group.status === 'completed') throw new AppError('GROUP_NOT_ACTIVE');
    const startDate = input.startDate ?? group.startDate;
    if (
      group.status === 'recruiting' &&
      input.startDate &&
      input.startDate < localToday(now, group.timeZone)
    ) {
      throw new AppError('VALIDATION_ERROR', 'The start date is in the past');
    }
    const settings = {
      frequency: input.frequency,
      contributionDay: input.contributionDay,
      gracePeriodDays: input.gracePeriod,
      autoPayout: input.autoPayoutEnabled ?? group.autoPayout,
      minContributionThreshold: input.minimumContributionThreshold ?? group.minContributionThreshold,
      reminderDays: input.reminderDays ?? group.reminderDays,
    };
    await tx
      .update(groups)
      .set({ ...settings, startDate: group.status === 'recruiting' ? startDate : group.startDate })
      .where(eq(groups.id, group.id));

    if (group.status === 'active') {
      const [current] = await tx
        .select()
        .from(cycles)
        .where(and(eq(cycles.groupId, group.id), eq(cycles.number, group.currentCycle)));
      const anchor = { ...settings, startDate: addDays(current!.dueOn, 1) };
      const upcoming = await tx
        .select({ id: cycles.id, number: cycles.number })
        .from(cycles)
        .where(
          and(
            eq(cycles.groupId, group.id),
            gt(cycles.number, group.currentCycle),
            eq(cycles.status, 'upcoming'),
          ),
        );
      for (const cycle of upcoming) {
        const dates = cycleDates(anchor, cycle.number - group.currentCycle);
        await tx
          .update(cycles)
          .set({ dueOn: dates.dueOn, payoutOn: dates.payoutOn })
          .where(eq(cycles.id, cycle.id));
      }
    }
    await recordAudit(tx, {
      action: 'schedule_updated',
      actorUserId: admin.id,
      subject: String(group.id),
      details: input,
      at: now,
    });
    return { success: true as const };
  });
}
