import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { contributions, payouts, savingsGoals } from '#server/db/groups-schema.ts';
import { ledgerAccounts } from '#server/ledger/schema.ts';
import { formatAmount } from '#shared/money.ts';
import { DEFAULT_MONTHLY_GOAL_CENTS, DEFAULT_SAVINGS_TARGET_CENTS } from '#shared/schemas/dashboard.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { userGroups } from '../groups/group-list.ts';
import { overdueFrom } from '../groups/schedule.ts';
import { milestonesFrom } from './milestones.ts';

const HISTORY_MONTHS = 6;

/** Everything the dashboard shows, computed from the user's own records. */
export async function dashboard(ctx: AppContext, user: SessionUser) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  // Every query is by the user's own indexed rows; group names and zones come from their group
  // cards rather than a join, which would make the planner hash the whole groups table.
  const [groupCards, ownContributions, ownPayouts, wallet, goal, monthly] = await Promise.all([
    userGroups(db, user.id),
    db.select().from(contributions).where(eq(contributions.userId, user.id)),
    db.select().from(payouts).where(eq(payouts.recipientId, user.id)),
    db
      .select({ balanceCents: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.key, `wallet:${user.id}`)),
    db.select().from(savingsGoals).where(eq(savingsGoals.userId, user.id)),
    contributionHistory(ctx, user.id, now),
  ]);
  const groupOf = new Map(groupCards.map((g) => [g.id, g]));
  const myContributions = ownContributions.map((c) => ({
    c,
    groupName: groupOf.get(c.groupId)?.name ?? '',
    timeZone: groupOf.get(c.groupId)?.timeZone ?? 'UTC',
    groupStatus: groupOf.get(c.groupId)?.status,
  }));
  const myPayouts = ownPayouts.map((p) => ({ p, groupName: groupOf.get(p.groupId)?.name ?? '' }));

  const paid = myContributions.filter((r) => r.c.status === 'paid');
  const totalSavedCents = paid.reduce((sum, r) => sum + r.c.amountCents, 0);
  const overdue = (r: (typeof myContributions)[number]) =>
    r.c.status !== 'paid' &&
    r.groupStatus === 'active' &&
    now >= overdueFrom(r.c.dueDate, r.c.graceDays, r.timeZone);
  const overdueCount = myContributions.filter(overdue).length;
  // The spec's on-time rate: paid without penalty ÷ contributions no longer pending (paid, or overdue).
  const settledOrOverdue = paid.length + overdueCount;
  const onTimeRate = settledOrOverdue
    ? Math.round((paid.filter((r) => !r.c.late).length / settledOrOverdue) * 1000) / 10
    : null;

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

  return {
    user: { id: user.id, username: user.username, fullName: user.fullName },
    stats: {
      totalSaved: formatAmount(totalSavedCents),
      activeGroups: activeCards.length,
      nextPayout,
      successRate: onTimeRate,
      onTimeRate,
      walletBalance: formatAmount(wallet[0]?.balanceCents ?? 0),
      totalReceived: formatAmount(myPayouts.reduce((s, r) => s + r.p.amountCents, 0)),
      overdueCount,
    },
    groups: groupCards,
    upcomingPayments: myContributions
      .filter((r) => r.c.status !== 'paid' && r.groupStatus === 'active')
      .sort((a, b) => a.c.dueDate.localeCompare(b.c.dueDate))
      .map((r) => ({
        id: r.c.id,
        groupId: r.c.groupId,
        groupName: r.groupName,
        cycle: r.c.cycle,
        dueDate: r.c.dueDate,
        amount: formatAmount(r.c.amountCents),
        status: overdue(r)
          ? ('overdue' as const)
          : r.c.status === 'reported'
            ? ('reported' as const)
            : ('pending' as const),
      })),
    recentActivity: [
      ...paid.map((r) => ({
        id: `contribution-${r.c.id}`,
        type: 'contribution' as const,
        groupId: r.c.groupId,
        groupName: r.groupName,
        amount: formatAmount(r.c.amountCents),
        at: r.c.paidAt!.toISOString(),
        late: r.c.late,
      })),
      ...myPayouts.map((r) => ({
        id: `payout-${r.p.id}`,
        type: 'payout' as const,
        groupId: r.p.groupId,
        groupName: r.groupName,
        amount: formatAmount(r.p.amountCents),
        at: (r.p.paidAt ?? r.p.createdAt).toISOString(),
        late: false,
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, 10),
    contributionHistory: monthly,
    savingsGoal: {
      target: formatAmount(goal[0]?.targetCents ?? DEFAULT_SAVINGS_TARGET_CENTS),
      monthly: formatAmount(goal[0]?.monthlyCents ?? DEFAULT_MONTHLY_GOAL_CENTS),
      isDefault: goal.length === 0,
    },
    milestones: milestonesFrom(paid.map((r) => ({ amountCents: r.c.amountCents, paidAt: r.c.paidAt! }))),
  };
}

/** Paid into escrow per calendar month (UTC), from the ledger, for the last six months including this one. */
async function contributionHistory(ctx: AppContext, userId: number, now: Date) {
  const months: string[] = [];
  for (let i = HISTORY_MONTHS - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const rows = await ctx.database.db.execute<{ month: string; cents: string }>(sql`
    select to_char(t.created_at at time zone 'UTC', 'YYYY-MM') as month, sum(e.amount_cents)::text as cents
    from ledger_transfers t
    join ledger_entries e on e.transfer_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow'
    where t.user_id = ${userId} and t.kind = 'contribution' and t.created_at >= ${`${months[0]}-01T00:00:00Z`}
    group by 1`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { month: string; cents: string }[] }).rows) as {
    month: string;
    cents: string;
  }[];
  const byMonth = new Map(list.map((r) => [r.month, Number(r.cents)]));
  return months.map((month) => ({ month, amount: formatAmount(byMonth.get(month) ?? 0) }));
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
