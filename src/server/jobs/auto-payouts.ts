import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { localToday } from '#server/circle/schedule.ts';
import { AppError } from '#server/core/errors.ts';
import { cycles, groups } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { releaseEscrow } from '#server/features/escrow/release.ts';

/**
 * Pays out every auto-payout cycle whose payout date has come, when enough has been collected.
 * Safe to run anywhere, any number of times: each payout takes the group lock and pays once.
 */
export async function runAutoPayouts(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const due = await db
    .select({
      groupId: groups.id,
      cycle: cycles.number,
      payoutOn: cycles.payoutOn,
      timeZone: groups.timeZone,
    })
    .from(groups)
    .innerJoin(cycles, and(eq(cycles.groupId, groups.id), eq(cycles.number, groups.currentCycle)))
    .where(
      and(
        eq(groups.status, 'active'),
        eq(groups.autoPayout, true),
        eq(groups.frozen, false),
        eq(cycles.status, 'collecting'),
        // Coarse filter in UTC; the exact local-day check follows.
        lte(cycles.payoutOn, localToday(new Date(now.getTime() + 14 * 3_600_000), 'UTC')),
      ),
    );
  let paid = 0;
  for (const row of due) {
    if (localToday(now, row.timeZone) < row.payoutOn) continue;
    try {
      await inTransaction(db, async (tx) => {
        const [group] = await tx.select().from(groups).where(eq(groups.id, row.groupId)).for('update');
        if (group)
          await releaseEscrow(ctx, tx, group, null, {
            cycle: row.cycle,
            minimumShare: group.minContributionThreshold / 100,
            delivery: { delivery: 'wallet' },
          });
      });
      paid += 1;
    } catch (error) {
      // Not ready yet, held by a safeguard, already waiting for approvals, or paid by another
      // instance first: all normal; anything else is logged.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return paid;
}
