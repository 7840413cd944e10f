import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { overdueBoundary } from '#server/circle/overdue-boundary.ts';
import { localToday } from '#server/circle/schedule.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, groups } from '#server/db/groups-schema.ts';
import { addDays } from '#shared/calendar.ts';
import type { PaymentRecord } from './trust-score.ts';

/**
 * Each person's payment record over every circle they are in: contributions paid on time, paid
 * late (settled after due date + grace), and missed (unpaid past due date + grace). Contributions
 * not yet due, or still in their grace period, do not count either way. With `groupId`, only that
 * circle's contributions (a circle's Reputation tab).
 */
export async function loadPaymentRecords(
  db: Db,
  userIds: number[],
  now: Date,
  options: { groupId?: number } = {},
): Promise<Map<number, PaymentRecord>> {
  const inGroup = options.groupId === undefined ? undefined : eq(contributions.groupId, options.groupId);
  const records = new Map<number, PaymentRecord>(
    userIds.map((id) => [id, { onTime: 0, late: 0, missed: 0 }]),
  );
  if (userIds.length === 0) return records;
  const [paid, unpaid] = await Promise.all([
    db
      .select({
        userId: contributions.userId,
        onTime: sql<number>`count(*) filter (where not ${contributions.late})`.mapWith(Number),
        late: sql<number>`count(*) filter (where ${contributions.late})`.mapWith(Number),
      })
      .from(contributions)
      .where(and(inArray(contributions.userId, userIds), eq(contributions.status, 'paid'), inGroup))
      .groupBy(contributions.userId),
    db
      .select({
        userId: contributions.userId,
        dueDate: contributions.dueDate,
        graceDays: contributions.graceDays,
        timeZone: groups.timeZone,
      })
      .from(contributions)
      .innerJoin(groups, eq(groups.id, contributions.groupId))
      .where(
        and(
          inArray(contributions.userId, userIds),
          inGroup,
          ne(contributions.status, 'paid'),
          // Coarse in UTC (no time zone is a day ahead of UTC + 1); the exact local check follows.
          lte(contributions.dueDate, addDays(localToday(now, 'UTC'), 1)),
        ),
      ),
  ]);
  for (const row of paid) {
    const record = records.get(row.userId)!;
    record.onTime = row.onTime;
    record.late = row.late;
  }
  for (const row of unpaid) {
    if (now.getTime() >= overdueBoundary(row.dueDate, row.graceDays, row.timeZone))
      records.get(row.userId)!.missed += 1;
  }
  return records;
}
