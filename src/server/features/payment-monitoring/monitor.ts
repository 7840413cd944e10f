import { and, eq, inArray, max } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { isOverdue, overdueBoundary } from '#server/circle/overdue-boundary.ts';
import { paymentSchedules } from '#server/db/autopay-schema.ts';
import { contributions, groupMembers, paymentReminders } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { AT_RISK_ABOVE, riskLevel, riskScore } from './risk.ts';

type MonitoringStatus = 'paid' | 'pending' | 'overdue' | 'at_risk';

/**
 * The Payments tab: compliance (on-time share of what has fallen due), what is overdue, who is at
 * risk, and each member's record, from the circle's contributions, reminders and auto-pay entries.
 * The enforcement rules are the circle's real settings (admins only).
 */
export async function paymentMonitoring(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  const { group, membership } = await requireMember(db, groupId, user.id);
  const now = ctx.clock.now().getTime();
  const [members, rows, reminders, autopay] = await Promise.all([
    db
      .select({ userId: groupMembers.userId, fullName: users.fullName, position: groupMembers.position })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, groupId)),
    db.select().from(contributions).where(eq(contributions.groupId, groupId)),
    db
      .select({ userId: paymentReminders.userId, at: max(paymentReminders.sentAt) })
      .from(paymentReminders)
      .where(eq(paymentReminders.groupId, groupId))
      .groupBy(paymentReminders.userId),
    db
      .select({ userId: paymentSchedules.userId })
      .from(paymentSchedules)
      .where(
        and(eq(paymentSchedules.groupId, groupId), inArray(paymentSchedules.status, ['active', 'failed'])),
      ),
  ]);
  const overdue = (c: (typeof rows)[number]) => isOverdue(c, group, now);
  const fallenDue = (c: (typeof rows)[number]) =>
    c.status === 'paid' ? true : now >= overdueBoundary(c.dueDate, c.graceDays, group.timeZone);
  const lastReminder = new Map(reminders.map((r) => [r.userId, r.at]));
  const onAutopay = new Set(autopay.map((a) => a.userId));

  let dueAll = 0;
  let onTimeAll = 0;
  const memberRows = members
    .sort((a, b) => (a.position ?? 99) - (b.position ?? 99))
    .map((m) => {
      const mine = rows.filter((c) => c.userId === m.userId);
      const due = mine.filter(fallenDue);
      const late = mine.filter((c) => c.status === 'paid' && c.late).length;
      const missed = mine.filter(overdue);
      const onTime = mine.filter((c) => c.status === 'paid' && !c.late).length;
      dueAll += due.length;
      onTimeAll += due.filter((c) => c.status === 'paid' && !c.late).length;
      const risk = riskScore({
        due: due.length,
        late,
        missed: missed.length,
        autopay: onAutopay.has(m.userId),
      });
      const current = mine.find((c) => c.cycle === group.currentCycle);
      const status: MonitoringStatus =
        !current || current.status === 'paid'
          ? 'paid'
          : overdue(current)
            ? 'overdue'
            : risk > AT_RISK_ABOVE
              ? 'at_risk'
              : 'pending';
      // Apply Penalty targets the oldest overdue contribution not yet charged.
      const chargeable = missed
        .filter((c) => c.penaltyStatus === 'none')
        .sort((a, b) => a.cycle - b.cycle)[0];
      const remindable = mine.filter((c) => c.status === 'pending').sort((a, b) => a.cycle - b.cycle)[0];
      return {
        userId: m.userId,
        name: m.fullName,
        status: group.status === 'active' ? status : 'paid',
        currentContribution: current
          ? {
              id: current.id,
              status: current.status,
              dueDate: current.dueDate,
              amount: formatAmount(current.amountCents),
            }
          : null,
        paidCount: mine.filter((c) => c.status === 'paid').length,
        onTimeCount: onTime,
        lateCount: late,
        missedCount: missed.length,
        overdueAmount: formatAmount(missed.reduce((sum, c) => sum + c.amountCents, 0)),
        penaltyOwed: formatAmount(
          mine.filter((c) => c.penaltyStatus === 'owed').reduce((s, c) => s + c.penaltyCents, 0),
        ),
        onTimeRate: due.length
          ? Math.round((100 * due.filter((c) => c.status === 'paid' && !c.late).length) / due.length)
          : null,
        riskScore: risk,
        riskLevel: riskLevel(risk),
        autopay: onAutopay.has(m.userId),
        lastReminderAt: lastReminder.get(m.userId)?.toISOString() ?? null,
        remindableContributionId: remindable?.id ?? null,
        penaltyContributionId: chargeable?.id ?? null,
      };
    });
  const overdueRows = rows.filter(overdue);
  const current = rows.filter((c) => c.cycle === group.currentCycle);
  const admin = isGroupAdmin(group, membership);
  return {
    summary: {
      complianceRate: dueAll ? Math.round((100 * onTimeAll) / dueAll) : null,
      overdueCount: overdueRows.length,
      overdueAmount: formatAmount(overdueRows.reduce((sum, c) => sum + c.amountCents, 0)),
      atRiskCount: memberRows.filter((m) => m.status === 'at_risk').length,
      collectedThisCycle: formatAmount(
        current.filter((c) => c.status === 'paid').reduce((s, c) => s + c.amountCents, 0),
      ),
      expectedThisCycle: formatAmount(current.reduce((s, c) => s + c.amountCents, 0)),
    },
    members: memberRows,
    rules: admin
      ? {
          gracePeriodDays: group.gracePeriodDays,
          penaltyPercentage: group.penaltyPercentage,
          reminderDays: group.reminderDays,
          retryAttempts: group.autopayRetries,
          autoPayout: group.autoPayout,
          minContributionThreshold: group.minContributionThreshold,
        }
      : null,
    viewer: { userId: user.id, isAdmin: admin },
    groupStatus: group.status,
  };
}
