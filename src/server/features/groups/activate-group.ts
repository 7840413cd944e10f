import { asc, eq } from 'drizzle-orm';
import { localToday, scheduleCycles } from '#server/circle/schedule.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, cycles, groupMembers, groups } from '#server/db/groups-schema.ts';
import { compareDates } from '#shared/calendar.ts';
import { drawOrder } from './rotation.ts';

type Group = typeof groups.$inferSelect;

/**
 * The last seat is taken: fix the rotation, schedule every cycle in the group's time zone and open
 * cycle 1 with a contribution for every member. Runs inside the join's transaction, under the group lock.
 */
export async function activateGroup(tx: Db, group: Group, now: Date): Promise<void> {
  const members = await tx
    .select({ id: groupMembers.id, userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id))
    .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.id));

  const order =
    group.rotationMethod === 'random_draw' && group.seed
      ? drawOrder(
          group.seed,
          members.map((m) => m.userId),
        )
      : members.map((m) => m.userId);
  for (const [index, userId] of order.entries()) {
    await tx
      .update(groupMembers)
      .set({ position: index + 1 })
      .where(eq(groupMembers.id, members.find((m) => m.userId === userId)!.id));
  }

  // A circle that fills after its planned start begins today instead of in the past.
  const today = localToday(now, group.timeZone);
  const startDate = compareDates(group.startDate, today) < 0 ? today : group.startDate;
  const settings = { ...group, startDate };
  const dates = scheduleCycles(settings, 1, group.totalCycles);
  await tx.insert(cycles).values(
    dates.map((d) => ({
      groupId: group.id,
      number: d.cycle,
      recipientUserId: order[d.cycle - 1] ?? null,
      dueOn: d.dueOn,
      payoutOn: d.payoutOn,
      status: d.cycle === 1 ? ('collecting' as const) : ('upcoming' as const),
    })),
  );
  await openCycleContributions(tx, group, 1, dates[0]!.dueOn, order);
  await tx
    .update(groups)
    .set({ status: 'active', startDate, currentCycle: 1, activatedAt: now })
    .where(eq(groups.id, group.id));
  await recordAudit(tx, { action: 'group_activated', subject: String(group.id), at: now });
  await notify(tx, now, order, 'group_active', group.id, {
    groupName: group.name,
    firstDueDate: dates[0]!.dueOn,
  });
}

/** Every member owes this cycle's contribution, due on the cycle's date. */
export async function openCycleContributions(
  tx: Db,
  group: Pick<Group, 'id' | 'contributionCents' | 'gracePeriodDays'>,
  cycle: number,
  dueOn: string,
  userIds: number[],
): Promise<void> {
  await tx
    .insert(contributions)
    .values(
      userIds.map((userId) => ({
        groupId: group.id,
        cycle,
        userId,
        amountCents: group.contributionCents,
        dueDate: dueOn,
        graceDays: group.gracePeriodDays,
      })),
    )
    .onConflictDoNothing();
}
