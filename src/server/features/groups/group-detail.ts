import type { AppContext } from '#server/app-context.ts';
import { type Group, isGroupAdmin } from '#server/circle/access.ts';
import { isOverdue } from '#server/circle/overdue-boundary.ts';
import { PAYOUT_PROGRESS_THRESHOLD, poolCents, requiredPaid } from '#server/circle/rules.ts';
import { AppError } from '#server/core/errors.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { rowFromJson } from '#server/db/json-row.ts';
import { formatAmount, payoutFeeCents } from '#shared/money.ts';
import type { GroupView } from '#shared/schemas/group-view.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { allowedPayoutDeliveries, safeguardsFromJson } from '../safeguards/rules.ts';
import { loadGroupDetailRow } from './group-detail-query.ts';

/**
 * The fields the spec's clients read, plus what the group page shows, for members only.
 * `contributions` is a window, not the whole history (which grows with every cycle): the cycle
 * being collected, every contribution still unpaid or with a penalty owed, and the latest paid
 * ones (see group-detail-query.ts); each member's counts over the whole history come with the member.
 */
export async function groupDetail(ctx: AppContext, user: SessionUser, groupId: number) {
  const now = ctx.clock.now();
  const row = await loadGroupDetailRow(ctx.database.db, groupId, user.id);
  // To anyone outside the group, it does not exist.
  if (!row?.membership) throw new AppError('GROUP_NOT_FOUND');
  const group = rowFromJson(groups, row.group);
  const membership = rowFromJson(groupMembers, row.membership);

  const names = new Map(row.members.map((m) => [m.userId, m.fullName]));
  const pool = poolCents(group);
  const current = row.contributions.filter((c) => c.cycle === group.currentCycle);
  const paidCount = current.filter((c) => c.status === 'paid').length;
  const escrowCents = Number(row.escrowCents ?? 0);
  const reserveCents = Number(row.reserveCents ?? 0);
  const admin = isGroupAdmin(group, membership);
  const safeguards = safeguardsFromJson(row.safeguards);
  return {
    group: serializeGroup(group, { includeInvite: true }),
    viewer: { userId: user.id, isAdmin: admin, position: membership.position },
    members: row.members.map((member) => ({
      id: member.id,
      userId: member.userId,
      position: member.position,
      role: group.createdBy === member.userId ? ('admin' as const) : member.role,
      hasReceivedPayout: member.hasReceivedPayout,
      joinedAt: member.joinedAt,
      user: { fullName: member.fullName, username: member.username },
      /** Over every cycle, including contributions the `contributions` window leaves out. */
      contributionCounts: member.counts,
    })),
    contributions: row.contributions.map((c) => ({
      id: c.id,
      userId: c.userId,
      userName: names.get(c.userId) ?? '',
      cycle: c.cycle,
      amount: formatAmount(c.amountCents),
      status: c.status,
      dueDate: c.dueDate,
      paidAt: c.paidAt,
      paymentMethod: c.paymentMethod,
      reference: c.reference,
      late: c.late,
      overdue: isOverdue(c, group, now),
      penalty: formatAmount(c.penaltyCents),
      penaltyStatus: c.penaltyStatus,
    })),
    cycles: row.cycles.map((cycle) => {
      const payout = cycle.payout;
      return {
        cycleNumber: cycle.number,
        recipientId: cycle.recipientUserId,
        recipientName: cycle.recipientUserId ? (names.get(cycle.recipientUserId) ?? '') : '',
        scheduledDate: cycle.payoutOn,
        dueDate: cycle.dueOn,
        actualDate: cycle.paidOutAt,
        status:
          cycle.status === 'paid_out'
            ? ('completed' as const)
            : cycle.status === 'collecting'
              ? ('current' as const)
              : ('upcoming' as const),
        payoutAmount: formatAmount(payout?.amountCents ?? pool - payoutFeeCents(pool)),
        fee: formatAmount(payout?.feeCents ?? payoutFeeCents(pool)),
        payout: payout
          ? {
              id: payout.id,
              delivery: payout.delivery,
              method: payout.method,
              reference: payout.reference,
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
      pool: formatAmount(pool),
      progressPercent: current.length ? Math.round((paidCount / current.length) * 100) : 0,
      canProcessPayout:
        admin &&
        group.status === 'active' &&
        !group.frozen &&
        current.length > 0 &&
        paidCount >= requiredPaid(current.length, PAYOUT_PROGRESS_THRESHOLD),
      payoutDeliveries: allowedPayoutDeliveries(safeguards),
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
    payoutAmount: formatAmount(poolCents(group)),
    emergencyFundPercentage: group.emergencyFundPercentage,
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
