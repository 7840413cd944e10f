import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { contributions, cycles, groupMembers, payouts } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { ledgerAccounts } from '#server/ledger/schema.ts';
import { formatAmount, payoutFeeCents } from '#shared/money.ts';
import type { GroupView } from '#shared/schemas/group-view.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { type Group, isGroupAdmin, loadGroupFor } from './group-access.ts';
import { PAYOUT_PROGRESS_THRESHOLD } from './payouts.ts';
import { overdueFrom } from './schedule.ts';

/** The fields the spec's clients read, plus what the group page shows, for members only. */
export async function groupDetail(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const { group, membership } = await loadGroupFor(db, groupId, user.id);
  if (!membership) throw new AppError('NOT_GROUP_MEMBER');

  const [memberRows, cycleRows, contributionRows, payoutRows, balances] = await Promise.all([
    db
      .select({ member: groupMembers, fullName: users.fullName, username: users.username })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(asc(groupMembers.position), asc(groupMembers.joinedAt)),
    db.select().from(cycles).where(eq(cycles.groupId, groupId)).orderBy(asc(cycles.number)),
    db
      .select()
      .from(contributions)
      .where(eq(contributions.groupId, groupId))
      .orderBy(desc(contributions.cycle), asc(contributions.userId)),
    db.select().from(payouts).where(eq(payouts.groupId, groupId)).orderBy(asc(payouts.cycle)),
    db
      .select({
        kind: ledgerAccounts.kind,
        cycle: ledgerAccounts.cycle,
        balanceCents: ledgerAccounts.balanceCents,
      })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.groupId, groupId), inArray(ledgerAccounts.kind, ['escrow', 'reserve']))),
  ]);

  const names = new Map(memberRows.map((m) => [m.member.userId, m.fullName]));
  const poolCents = group.contributionCents * group.memberLimit;
  const current = contributionRows.filter((c) => c.cycle === group.currentCycle);
  const paidCount = current.filter((c) => c.status === 'paid').length;
  const escrowCents =
    balances.find((b) => b.kind === 'escrow' && b.cycle === group.currentCycle)?.balanceCents ?? 0;
  const reserveCents = balances.find((b) => b.kind === 'reserve')?.balanceCents ?? 0;
  const admin = isGroupAdmin(group, membership);

  return {
    group: serializeGroup(group, { includeInvite: true }),
    viewer: { userId: user.id, isAdmin: admin, position: membership.position },
    members: memberRows.map(({ member, fullName, username }) => ({
      id: member.id,
      userId: member.userId,
      position: member.position,
      role: group.createdBy === member.userId ? ('admin' as const) : member.role,
      hasReceivedPayout: member.hasReceivedPayout,
      joinedAt: member.joinedAt.toISOString(),
      user: { fullName, username },
    })),
    contributions: contributionRows.map((c) => ({
      id: c.id,
      userId: c.userId,
      userName: names.get(c.userId) ?? '',
      cycle: c.cycle,
      amount: formatAmount(c.amountCents),
      status: c.status,
      dueDate: c.dueDate,
      paidAt: c.paidAt?.toISOString() ?? null,
      paymentMethod: c.paymentMethod,
      reference: c.reference,
      late: c.late,
      overdue:
        c.status !== 'paid' &&
        group.status === 'active' &&
        now >= overdueFrom(c.dueDate, c.graceDays, group.timeZone),
      penalty: formatAmount(c.penaltyCents),
      penaltyStatus: c.penaltyStatus,
    })),
    cycles: cycleRows.map((cycle) => {
      const payout = payoutRows.find((p) => p.cycle === cycle.number);
      return {
        cycleNumber: cycle.number,
        recipientId: cycle.recipientUserId,
        recipientName: cycle.recipientUserId ? (names.get(cycle.recipientUserId) ?? '') : '',
        scheduledDate: cycle.payoutOn,
        dueDate: cycle.dueOn,
        actualDate: cycle.paidOutAt?.toISOString() ?? null,
        status:
          cycle.status === 'paid_out'
            ? 'completed'
            : cycle.status === 'collecting'
              ? 'current'
              : ('upcoming' as const),
        payoutAmount: formatAmount(payout?.amountCents ?? poolCents - payoutFeeCents(poolCents)),
        fee: formatAmount(payout?.feeCents ?? payoutFeeCents(poolCents)),
        payout: payout
          ? {
              id: payout.id,
              delivery: payout.delivery,
              method: payout.deliveryMethod,
              reference: payout.deliveryReference,
              receiptStatus: payout.receiptStatus,
              received: payout.receivedCents === null ? null : formatAmount(payout.receivedCents),
              receiptNote: payout.receiptNote,
            }
          : null,
      };
    }),
    currentCycle: {
      number: group.currentCycle,
      paidCount,
      memberCount: current.length,
      collected: formatAmount(escrowCents),
      pool: formatAmount(poolCents),
      progressPercent: current.length ? Math.round((paidCount / current.length) * 100) : 0,
      canProcessPayout:
        admin &&
        group.status === 'active' &&
        !group.frozen &&
        current.length > 0 &&
        paidCount >= Math.ceil(current.length * PAYOUT_PROGRESS_THRESHOLD),
    },
    reserve: formatAmount(reserveCents),
  };
}

export function serializeGroup(group: Group, options: { includeInvite: boolean }): GroupView {
  return {
    id: group.id,
    name: group.name,
    contributionAmount: formatAmount(group.contributionCents),
    memberLimit: group.memberLimit,
    currentMembers: group.currentMembers,
    currentCycle: group.currentCycle,
    totalCycles: group.totalCycles,
    status: group.status,
    createdBy: group.createdBy,
    inviteCode: options.includeInvite ? group.inviteCode : undefined,
    payoutAmount: formatAmount(group.contributionCents * group.memberLimit),
    frequency: group.frequency,
    contributionDay: group.contributionDay,
    gracePeriodDays: group.gracePeriodDays,
    startDate: group.startDate,
    timeZone: group.timeZone,
    rotationMethod: group.rotationMethod,
    requireApproval: group.requireApproval,
    penaltyPercentage: group.penaltyPercentage,
    autoPayout: group.autoPayout,
    reminderDays: group.reminderDays,
    minContributionThreshold: group.minContributionThreshold,
    frozen: group.frozen,
    frozenReason: group.frozenReason,
    seedHash: group.seedHash,
    // The seed stays secret until the draw is made, so nobody can predict the order while joining.
    seed: group.status === 'recruiting' ? null : group.seed,
    createdAt: group.createdAt.toISOString(),
  };
}
