import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { overdueBoundary } from '#server/circle/overdue-boundary.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { contributions, cycles, groupMembers, payouts } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import { accountKey } from '#server/ledger/accounts.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '#server/ledger/schema.ts';
import type { CircleStatement } from '#shared/schemas/management.ts';

type Member = CircleStatement['members'][number];
type Cycle = CircleStatement['cycles'][number];

/**
 * GET /api/groups/:id/statement (admins): the circle's statement. Contributions, penalties and
 * payouts come from their rows; the reserve's movements and balance and the escrow still held come
 * from the ledger, so the statement shows what the money did, not what it should have done.
 */
export async function circleStatement(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
): Promise<CircleStatement> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const { group } = await requireAdmin(db, groupId, user.id);
  const reserveKey = accountKey({ kind: 'reserve', groupId });

  const [memberRows, contributionRows, cycleRows, payoutRows, reserveRows, [escrow]] = await Promise.all([
    db
      .select({
        userId: groupMembers.userId,
        name: users.fullName,
        position: groupMembers.position,
        role: groupMembers.role,
        status: groupMembers.status,
      })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(sql`${groupMembers.position} nulls last`, asc(groupMembers.joinedAt), asc(groupMembers.id)),
    db
      .select()
      .from(contributions)
      .where(eq(contributions.groupId, groupId))
      .orderBy(asc(contributions.cycle), asc(contributions.id)),
    db.select().from(cycles).where(eq(cycles.groupId, groupId)).orderBy(asc(cycles.number)),
    db.select().from(payouts).where(eq(payouts.groupId, groupId)).orderBy(asc(payouts.cycle)),
    db
      .select({
        at: ledgerTransfers.createdAt,
        kind: ledgerTransfers.kind,
        userId: ledgerTransfers.userId,
        amountCents: ledgerEntries.amountCents,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(eq(ledgerAccounts.key, reserveKey))
      .orderBy(asc(ledgerEntries.id)),
    db
      .select({ cents: sql<number>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)`.mapWith(Number) })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'escrow'), eq(ledgerAccounts.groupId, groupId))),
  ]);

  // Names of everyone the statement mentions, members or not (a payer who has since left).
  const names = new Map(memberRows.map((m) => [m.userId, m.name]));
  const unnamed = [
    ...new Set([
      ...contributionRows.map((c) => c.userId),
      ...payoutRows.map((p) => p.recipientId),
      ...cycleRows.flatMap((c) => (c.recipientUserId === null ? [] : [c.recipientUserId])),
      ...reserveRows.flatMap((r) => (r.userId === null ? [] : [r.userId])),
    ]),
  ].filter((id) => !names.has(id));
  if (unnamed.length > 0)
    for (const row of await db
      .select({ id: users.id, name: users.fullName })
      .from(users)
      .where(inArray(users.id, unnamed)))
      names.set(row.id, row.name);

  const members = new Map<number, Member>(
    memberRows.map((m) => [
      m.userId,
      {
        ...m,
        paid: 0,
        late: 0,
        missed: 0,
        open: 0,
        paidCents: 0,
        penaltiesOwedCents: 0,
        penaltiesPaidCents: 0,
        penaltiesWaivedCents: 0,
        receivedCents: 0,
      },
    ]),
  );
  const cycleNumbers = new Set([
    ...cycleRows.map((c) => c.number),
    ...contributionRows.map((c) => c.cycle),
    ...payoutRows.map((p) => p.cycle),
  ]);
  const cycleInfo = new Map(cycleRows.map((c) => [c.number, c]));
  const perCycle = new Map<number, Cycle>(
    [...cycleNumbers]
      .sort((a, b) => a - b)
      .map((n) => [
        n,
        {
          cycle: n,
          dueOn: cycleInfo.get(n)?.dueOn ?? null,
          recipientName: nameOf(names, cycleInfo.get(n)?.recipientUserId ?? null),
          expectedCents: 0,
          paidCount: 0,
          lateCount: 0,
          missedCount: 0,
          paidCents: 0,
          penaltiesCents: 0,
          payoutCents: 0,
          feeCents: 0,
          reserveCoverCents: 0,
        },
      ]),
  );

  const penalties: CircleStatement['penalties'] = [];
  for (const c of contributionRows) {
    const member = members.get(c.userId);
    const cycle = perCycle.get(c.cycle)!;
    cycle.expectedCents += c.amountCents;
    if (c.status === 'paid') {
      cycle.paidCount += 1;
      cycle.paidCents += c.amountCents;
      if (c.late) cycle.lateCount += 1;
      if (member) {
        member.paid += 1;
        member.paidCents += c.amountCents;
        if (c.late) member.late += 1;
      }
    } else if (now.getTime() >= overdueBoundary(c.dueDate, c.graceDays, group.timeZone)) {
      cycle.missedCount += 1;
      if (member) member.missed += 1;
    } else if (member) member.open += 1;
    if (c.penaltyStatus !== 'none' && c.penaltyCents > 0) {
      penalties.push({
        contributionId: c.id,
        cycle: c.cycle,
        userId: c.userId,
        name: nameOf(names, c.userId) ?? '',
        amountCents: c.penaltyCents,
        status: c.penaltyStatus,
      });
      cycle.penaltiesCents += c.penaltyCents;
      if (member) {
        if (c.penaltyStatus === 'owed') member.penaltiesOwedCents += c.penaltyCents;
        if (c.penaltyStatus === 'paid') member.penaltiesPaidCents += c.penaltyCents;
        if (c.penaltyStatus === 'waived') member.penaltiesWaivedCents += c.penaltyCents;
      }
    }
  }

  const payoutList: CircleStatement['payouts'] = payoutRows.map((p) => {
    const cycle = perCycle.get(p.cycle)!;
    cycle.payoutCents += p.amountCents;
    cycle.feeCents += p.feeCents;
    cycle.reserveCoverCents += p.reserveCoverCents;
    const member = members.get(p.recipientId);
    if (member) member.receivedCents += p.amountCents;
    return {
      cycle: p.cycle,
      recipientId: p.recipientId,
      recipientName: nameOf(names, p.recipientId) ?? '',
      poolCents: p.poolCents,
      feeCents: p.feeCents,
      amountCents: p.amountCents,
      reserveCoverCents: p.reserveCoverCents,
      delivery: p.delivery,
      paidAt: p.paidAt?.toISOString() ?? null,
    };
  });

  let balance = 0;
  const movements = reserveRows.map((r) => {
    balance += r.amountCents;
    return {
      at: r.at.toISOString(),
      kind: r.kind,
      name: nameOf(names, r.userId),
      amountCents: r.amountCents,
      balanceAfterCents: balance,
    };
  });

  const sumOf = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const penaltiesIn = (status: 'owed' | 'paid' | 'waived') =>
    sumOf(
      penalties.filter((p) => p.status === status),
      (p) => p.amountCents,
    );

  return {
    group: {
      id: group.id,
      name: group.name,
      status: group.status,
      frozen: group.frozen,
      contributionCents: group.contributionCents,
      memberLimit: group.memberLimit,
      currentCycle: group.currentCycle,
      totalCycles: group.totalCycles,
      penaltyPercentage: group.penaltyPercentage,
    },
    generatedAt: now.toISOString(),
    members: [...members.values()],
    cycles: [...perCycle.values()],
    payouts: payoutList,
    penalties,
    reserve: { balanceCents: balance, movements },
    totals: {
      contributionsPaidCents: sumOf(contributionRows, (c) => (c.status === 'paid' ? c.amountCents : 0)),
      penaltiesOwedCents: penaltiesIn('owed'),
      penaltiesPaidCents: penaltiesIn('paid'),
      penaltiesWaivedCents: penaltiesIn('waived'),
      payoutsCents: sumOf(payoutRows, (p) => p.amountCents),
      feesCents: sumOf(payoutRows, (p) => p.feeCents),
      reserveCoverCents: sumOf(payoutRows, (p) => p.reserveCoverCents),
      reserveBalanceCents: balance,
      escrowHeldCents: escrow?.cents ?? 0,
    },
  };
}

const nameOf = (names: Map<number, string>, id: number | null) =>
  id === null ? null : (names.get(id) ?? null);
