import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { localToday } from '#server/circle/schedule.ts';
import { bankDebits, paymentSchedules } from '#server/db/autopay-schema.ts';
import { contributions, cycles, groupMembers } from '#server/db/groups-schema.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { users } from '#server/db/schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { nextAttemptAt } from './collect.ts';

type Status = 'active' | 'inactive' | 'failed' | 'setup_required';

/**
 * The Auto-Pay tab: each member's auto-pay state with the date their next payment will really be
 * taken (the due date of what they owe, or of the next cycle; a retry's day after a failure), and
 * the circle's automation rate, per-cycle collection by auto-pay and next collection date.
 */
export async function paymentSchedulesView(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  const { group, membership } = await requireMember(db, groupId, user.id);
  const today = localToday(ctx.clock.now(), group.timeZone);
  const [members, schedules, verified, unpaid, lastPaid, [nextCycle]] = await Promise.all([
    db
      .select({ userId: groupMembers.userId, fullName: users.fullName, position: groupMembers.position })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(asc(sql`coalesce(${groupMembers.position}, 1000)`), asc(groupMembers.id)),
    db
      .select({ s: paymentSchedules, last4: bankAccounts.last4 })
      .from(paymentSchedules)
      .innerJoin(bankAccounts, eq(bankAccounts.id, paymentSchedules.bankAccountId))
      .where(eq(paymentSchedules.groupId, groupId)),
    db
      .selectDistinct({ userId: bankAccounts.userId })
      .from(bankAccounts)
      .innerJoin(groupMembers, eq(groupMembers.userId, bankAccounts.userId))
      .where(and(eq(groupMembers.groupId, groupId), eq(bankAccounts.status, 'verified'))),
    db
      .select({
        id: contributions.id,
        userId: contributions.userId,
        dueDate: contributions.dueDate,
        status: contributions.status,
      })
      .from(contributions)
      .where(and(eq(contributions.groupId, groupId), ne(contributions.status, 'paid')))
      .orderBy(asc(contributions.dueDate)),
    db
      .select({ userId: contributions.userId, at: max(contributions.paidAt) })
      .from(contributions)
      .where(and(eq(contributions.groupId, groupId), eq(contributions.status, 'paid')))
      .groupBy(contributions.userId),
    db
      .select({ dueOn: cycles.dueOn })
      .from(cycles)
      .where(
        and(
          eq(cycles.groupId, groupId),
          eq(cycles.number, group.currentCycle + 1),
          eq(cycles.status, 'upcoming'),
        ),
      ),
  ]);
  const attempts = await autopayAttemptsOf(
    ctx,
    unpaid.map((c) => c.id),
  );
  const scheduleOf = new Map(schedules.map((row) => [row.s.userId, row]));
  const hasVerifiedBank = new Set(verified.map((v) => v.userId));
  const lastPaidOf = new Map(lastPaid.map((p) => [p.userId, p.at]));

  const entries = members.map((member) => {
    const row = scheduleOf.get(member.userId);
    const on = row !== undefined && row.s.status !== 'inactive';
    const status: Status = on
      ? row.s.status
      : hasVerifiedBank.has(member.userId)
        ? 'inactive'
        : 'setup_required';
    const owed = unpaid.find((c) => c.userId === member.userId);
    let next: string | null = group.status === 'active' ? (nextCycle?.dueOn ?? null) : null;
    if (owed) {
      const planned = on
        ? nextAttemptAt(attempts.get(owed.id) ?? { count: 0, lastFailedAt: null }, owed.dueDate, group)
        : null;
      if (owed.status === 'processing') next = today;
      else if (planned && 'at' in planned) next = localToday(planned.at, group.timeZone);
      else next = owed.dueDate < today && planned ? today : owed.dueDate;
    }
    const lastPaidAt = lastPaidOf.get(member.userId);
    return {
      id: row?.s.id ?? null,
      userId: member.userId,
      userName: member.fullName,
      status,
      // Whose bank pays is each member's own business.
      paymentMethodLast4: member.userId === user.id ? (row?.last4 ?? null) : null,
      nextPaymentDate: next,
      lastPaymentDate: lastPaidAt ? localToday(new Date(lastPaidAt), group.timeZone) : null,
      failureCount: row?.s.failureCount ?? 0,
    };
  });
  const automated = entries.filter((e) => e.status === 'active' || e.status === 'failed');
  const nextDates = automated
    .map((e) => e.nextPaymentDate)
    .filter((d): d is string => d !== null)
    .sort();
  return {
    paymentSchedules: entries,
    summary: {
      automationRate: members.length ? Math.round((100 * automated.length) / members.length) : 0,
      collectionPerCycle: formatAmount(group.contributionCents * automated.length),
      nextCollectionDate: nextDates[0] ?? null,
    },
    settings: {
      retryAttempts: group.autopayRetries,
      frequency: group.frequency,
      contributionDay: group.contributionDay,
      gracePeriodDays: group.gracePeriodDays,
    },
    viewer: { userId: user.id, isAdmin: isGroupAdmin(group, membership) },
  };
}

async function autopayAttemptsOf(ctx: AppContext, contributionIds: number[]) {
  const out = new Map<number, { count: number; lastFailedAt: Date | null }>();
  if (contributionIds.length === 0) return out;
  const rows = await ctx.database.db
    .select({
      contributionId: bankDebits.contributionId,
      status: bankDebits.status,
      settledAt: bankDebits.settledAt,
    })
    .from(bankDebits)
    .where(and(inArray(bankDebits.contributionId, contributionIds), eq(bankDebits.source, 'autopay')))
    .orderBy(asc(bankDebits.id));
  for (const row of rows) {
    const entry = out.get(row.contributionId) ?? { count: 0, lastFailedAt: null };
    entry.count += 1;
    if (row.status === 'failed') entry.lastFailedAt = row.settledAt;
    out.set(row.contributionId, entry);
  }
  return out;
}
