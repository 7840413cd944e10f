import type { AppContext } from '#server/app-context.ts';
import { overdueBoundary } from '#server/circle/overdue-boundary.ts';
import { savingsGoals } from '#server/db/groups-schema.ts';
import { formatAmount } from '#shared/money.ts';
import {
  DEFAULT_MONTHLY_GOAL_CENTS,
  DEFAULT_SAVINGS_TARGET_CENTS,
  milestoneThresholds,
} from '#shared/schemas/dashboard.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { groupCard } from '../groups/group-list.ts';
import { loadDashboardRow, type PaidRow, RECENT, type UnpaidRow } from './dashboard-query.ts';

const HISTORY_MONTHS = 6;

/** Everything the dashboard shows, computed from the user's own records in one statement. */
export async function dashboard(ctx: AppContext, user: SessionUser) {
  const now = ctx.clock.now();
  const months = historyMonths(now);
  const row = await loadDashboardRow(ctx.database.db, user.id, `${months[0]}-01T00:00:00Z`);
  const groupCards = row.cards.map(groupCard);
  const groupOf = new Map(groupCards.map((g) => [g.id, g]));

  const overdue = (c: UnpaidRow) => {
    const group = groupOf.get(c.groupId);
    return (
      group?.status === 'active' && now.getTime() >= overdueBoundary(c.dueDate, c.graceDays, group.timeZone)
    );
  };
  // Unpaid contributions of the user's active circles, soonest due first.
  const upcoming = row.unpaid
    .filter((c) => groupOf.get(c.groupId)?.status === 'active')
    .map((c) => ({ c, overdue: overdue(c) }));
  const overdueCount = upcoming.filter((u) => u.overdue).length;
  // The spec's on-time rate: paid without penalty ÷ contributions no longer pending (paid, or overdue).
  const settledOrOverdue = row.paid.count + overdueCount;
  const onTimeRate = settledOrOverdue ? Math.round((row.paid.onTime / settledOrOverdue) * 1000) / 10 : null;

  const activeCards = groupCards.filter((g) => g.status === 'active');
  const nextPayout =
    activeCards
      .filter((g) => !g.hasReceivedPayout && g.myPosition !== null)
      .map((g) => ({
        groupId: g.id,
        groupName: g.name,
        amount: g.payoutAmount,
        position: g.myPosition!,
        currentCycle: g.currentCycle,
      }))
      .sort((a, b) => a.position - a.currentCycle - (b.position - b.currentCycle))[0] ?? null;

  const activity = (type: 'contribution' | 'payout') => (r: PaidRow) => ({
    id: `${type}-${r.id}`,
    type,
    groupId: r.groupId,
    groupName: groupOf.get(r.groupId)?.name ?? '',
    amount: formatAmount(r.amountCents),
    at: r.at,
    late: r.late,
  });
  const byMonth = new Map(row.monthly.map((m) => [m.month, Number(m.cents)]));

  return {
    user: { id: user.id, username: user.username, fullName: user.fullName },
    stats: {
      totalSaved: formatAmount(Number(row.paid.cents)),
      activeGroups: activeCards.length,
      nextPayout,
      successRate: onTimeRate,
      onTimeRate,
      walletBalance: formatAmount(Number(row.walletCents ?? 0)),
      totalReceived: formatAmount(Number(row.payouts.cents)),
      overdueCount,
    },
    groups: groupCards,
    upcomingPayments: upcoming.map(({ c, overdue }) => ({
      id: c.id,
      groupId: c.groupId,
      groupName: groupOf.get(c.groupId)?.name ?? '',
      cycle: c.cycle,
      dueDate: c.dueDate,
      amount: formatAmount(c.amountCents),
      status: overdue
        ? ('overdue' as const)
        : c.status === 'reported'
          ? ('reported' as const)
          : ('pending' as const),
    })),
    recentActivity: [
      ...row.paid.recent.map(activity('contribution')),
      ...row.payouts.recent.map(activity('payout')),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, RECENT),
    contributionHistory: months.map((month) => ({ month, amount: formatAmount(byMonth.get(month) ?? 0) })),
    savingsGoal: {
      target: formatAmount(row.goal?.targetCents ?? DEFAULT_SAVINGS_TARGET_CENTS),
      monthly: formatAmount(row.goal?.monthlyCents ?? DEFAULT_MONTHLY_GOAL_CENTS),
      isDefault: row.goal === null,
    },
    milestones: milestoneThresholds.map((m, i) => ({
      id: m.id,
      amountCents: m.cents,
      achieved: row.paid.milestoneDates[i] !== null,
      achievedDate: row.paid.milestoneDates[i] ?? null,
    })),
  };
}

/** The last six calendar months (UTC), this one included, as YYYY-MM. */
export function historyMonths(now: Date) {
  const months: string[] = [];
  // Counted in months since year 0: a Date and an ISO string per month cost more than the rest.
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  for (let m = thisMonth - HISTORY_MONTHS + 1; m <= thisMonth; m++) {
    months.push(`${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

export async function saveSavingsGoal(
  ctx: AppContext,
  user: SessionUser,
  targetCents: number,
  monthlyCents: number,
) {
  await ctx.database.db
    .insert(savingsGoals)
    .values({ userId: user.id, targetCents, monthlyCents, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({
      target: savingsGoals.userId,
      set: { targetCents, monthlyCents, updatedAt: ctx.clock.now() },
    });
}
