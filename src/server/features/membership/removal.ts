import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Group, Membership } from '#server/circle/access.ts';
import { groupAdminIds } from '#server/circle/admins.ts';
import { emergencyShareCents } from '#server/circle/rules.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { fullNameOf } from '#server/core/group-chat.ts';
import { publishLive } from '#server/core/live.ts';
import { notify } from '#server/core/notify.ts';
import { groupApplications } from '#server/db/applications-schema.ts';
import { bankDebits, paymentSchedules } from '#server/db/autopay-schema.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, cycles, defaultPenalties, groupMembers, groups } from '#server/db/groups-schema.ts';
import { type memberDebtReasons, memberDebts } from '#server/db/membership-schema.ts';
import { users } from '#server/db/schema.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { formatAmount } from '#shared/money.ts';
import type { RemovalPreview } from '#shared/schemas/membership.ts';
import { distributeReserve } from '../groups/reserve-distribution.ts';

export type DebtReason = (typeof memberDebtReasons)[number];

/** Who asks: an admin removing someone, the member leaving, or the system (an approved proposal). */
export type Departure = { kind: 'leave' } | { kind: 'remove'; actorId: number | null };

/**
 * The rules that do not depend on money (docs/decisions/0029): never oneself through removal, never
 * the owner, only the owner removes a co-admin, nothing once completed, nothing while frozen.
 */
export function checkMayDepart(group: Group, target: Membership, departure: Departure) {
  if (group.status === 'completed') throw new AppError('GROUP_COMPLETED');
  if (departure.kind === 'remove' && departure.actorId === target.userId)
    throw new AppError('CANNOT_REMOVE_SELF');
  if (target.userId === group.createdBy) throw new AppError('OWNER_CANNOT_LEAVE');
  if (departure.kind === 'remove') {
    if (target.role === 'admin' && departure.actorId !== null && departure.actorId !== group.createdBy)
      throw new AppError('ONLY_OWNER_REMOVES_ADMIN');
  }
  if (group.status === 'active' && group.frozen) throw new AppError('GROUP_FROZEN');
}

type PlannedDebt = { userId: number; reason: DebtReason; amountCents: number; paidCents: number };

export type RemovalPlan = {
  preview: Omit<RemovalPreview, 'needsVote' | 'requiredApprovals'>;
  /** Their contribution rows (locked when planning for real), to delete or forfeit. */
  rows: (typeof contributions.$inferSelect)[];
  debts: PlannedDebt[];
  /** Remaining members' paid rows of a cycle that disappears (the leaver was its recipient). */
  deletedCycle: number | null;
};

/**
 * Works out exactly what a departure does, without changing anything: the preview the dialog shows
 * and the plan `carryOut` follows are the same object, so the screen never promises other numbers.
 * With `lock`, the member's contribution rows are locked: a confirmation racing the removal either
 * commits first (and its money is forfeited here) or finds the row gone.
 */
export async function planDeparture(
  tx: Db,
  group: Group,
  target: Membership,
  lock: boolean,
): Promise<RemovalPlan> {
  const C = group.contributionCents;
  const memberName = await fullNameOf(tx, target.userId);
  const rowsQuery = tx
    .select()
    .from(contributions)
    .where(and(eq(contributions.groupId, group.id), eq(contributions.userId, target.userId)))
    .orderBy(asc(contributions.cycle));
  const rows = lock ? await rowsQuery.for('update') : await rowsQuery;
  const base = {
    userId: target.userId,
    memberName,
    contributionCents: C,
    forfeitedCents: 0,
    debtCents: 0,
    debtPaidCents: 0,
    penaltyDebtCents: 0,
    otherDebts: [] as RemovalPreview['otherDebts'],
    movesUp: [] as RemovalPreview['movesUp'],
    completesCircle: false,
  };
  if (group.status === 'recruiting') {
    return {
      preview: {
        ...base,
        case: 'recruiting',
        newPoolCents: C * group.memberLimit,
        newTotalCycles: group.totalCycles,
        remainingMembers: group.currentMembers - 1,
      },
      rows: [],
      debts: [],
      deletedCycle: null,
    };
  }

  // A bank debit on its way would settle into a row that no longer exists: wait for it.
  if (rows.some((r) => r.status === 'processing')) throw new AppError('REMOVAL_WAITS_FOR_DEBIT');
  const inFlight = await tx
    .select({ id: bankDebits.id })
    .from(bankDebits)
    .where(
      and(
        eq(bankDebits.groupId, group.id),
        eq(bankDebits.userId, target.userId),
        inArray(bankDebits.status, ['requested', 'processing']),
      ),
    );
  if (inFlight.length > 0) throw new AppError('REMOVAL_WAITS_FOR_DEBIT');

  const cycleRows = await tx
    .select({ number: cycles.number, status: cycles.status, recipientUserId: cycles.recipientUserId })
    .from(cycles)
    .where(eq(cycles.groupId, group.id))
    .orderBy(asc(cycles.number));
  const paidOut = new Set(cycleRows.filter((c) => c.status === 'paid_out').map((c) => c.number));
  const current = rows.find((r) => r.cycle === group.currentCycle);
  const forfeitedCents = current?.status === 'paid' ? current.amountCents : 0;
  const missedCents = rows
    .filter((r) => r.status !== 'paid' && paidOut.has(r.cycle))
    .reduce((sum, r) => sum + r.amountCents, 0);
  const debts: PlannedDebt[] = [];
  if (missedCents > 0)
    debts.push({
      userId: target.userId,
      reason: 'missed_before_leaving',
      amountCents: missedCents,
      paidCents: 0,
    });
  // A late penalty still owed (on a row that stays as history or one that goes) could no longer be
  // paid through the circle once the member is gone: it becomes a debt to the reserve of its own.
  const penaltyDebtCents = rows
    .filter((r) => r.penaltyStatus === 'owed')
    .reduce((sum, r) => sum + r.penaltyCents, 0);
  if (penaltyDebtCents > 0)
    debts.push({
      userId: target.userId,
      reason: 'late_penalty_owed',
      amountCents: penaltyDebtCents,
      paidCents: 0,
    });

  const others = await tx
    .select({
      userId: groupMembers.userId,
      position: groupMembers.position,
      hasReceivedPayout: groupMembers.hasReceivedPayout,
      fullName: users.fullName,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, group.id), ne(groupMembers.userId, target.userId)))
    .orderBy(asc(groupMembers.position));
  const newLimit = group.memberLimit - 1;

  if (target.hasReceivedPayout) {
    // Paid out already: they owe every cycle still to be paid out, the current one included; a
    // contribution already in this cycle's escrow is forfeited to the reserve and counts toward it.
    const owed = C * (group.totalCycles - group.currentCycle + 1);
    debts.push({
      userId: target.userId,
      reason: 'departed_after_payout',
      amountCents: owed,
      paidCents: Math.min(forfeitedCents, owed),
    });
    return {
      preview: {
        ...base,
        case: 'after_payout',
        forfeitedCents,
        debtCents: missedCents + owed + penaltyDebtCents,
        penaltyDebtCents,
        debtPaidCents: Math.min(forfeitedCents, owed),
        newPoolCents: C * newLimit,
        newTotalCycles: group.totalCycles,
        remainingMembers: others.length,
      },
      rows,
      debts,
      deletedCycle: null,
    };
  }

  // Turn still ahead: the circle shrinks by one seat and one cycle; later turns move up one.
  const position = target.position ?? group.totalCycles;
  const movesUp = others
    .filter((m) => m.position !== null && m.position > position)
    .map((m) => ({
      userId: m.userId,
      name: m.fullName,
      fromPosition: m.position!,
      toPosition: m.position! - 1,
    }));
  // Everyone already paid out received a pool one contribution larger than they will now pay into.
  const otherDebts = others
    .filter((m) => m.hasReceivedPayout)
    .map((m) => ({
      userId: m.userId,
      name: m.fullName,
      reason: 'received_larger_pool' as const,
      amountCents: C,
    }));
  for (const d of otherDebts)
    debts.push({ userId: d.userId, reason: d.reason, amountCents: C, paidCents: 0 });
  const newTotal = group.totalCycles - 1;
  // The leaver was to receive the last cycle, and it is the current one: it disappears, and the
  // circle is complete. What the others paid into it goes to the reserve as their debt's payment.
  const deletedCycle = group.currentCycle > newTotal ? group.currentCycle : null;
  return {
    preview: {
      ...base,
      case: 'before_payout',
      forfeitedCents,
      debtCents: missedCents + penaltyDebtCents,
      penaltyDebtCents,
      otherDebts,
      movesUp,
      newPoolCents: C * newLimit,
      newTotalCycles: newTotal,
      remainingMembers: others.length,
      completesCircle: deletedCycle !== null,
    },
    rows,
    debts,
    deletedCycle,
  };
}

/**
 * Carries out a departure, in the caller's transaction holding the group's row lock: the ledger
 * transfers (idempotency keys name the rows they move), the debts, the shrunken circle, the audit
 * record, the notifications and the live update. Returns the plan it followed.
 */
export async function carryOutDeparture(
  ctx: AppContext,
  tx: Db,
  group: Group,
  target: Membership,
  departure: Departure,
): Promise<RemovalPlan> {
  const now = ctx.clock.now();
  const plan = await planDeparture(tx, group, target, true);
  const reserve = { kind: 'reserve' as const, groupId: group.id };
  const admins = await groupAdminIds(tx, group);

  if (group.status === 'active') {
    // 1. Their contribution to the current cycle, if paid, is forfeited to the reserve.
    const current = plan.rows.find((r) => r.cycle === group.currentCycle);
    if (current?.status === 'paid') {
      // The emergency fund's share of it reached the reserve when it was paid (decision 0030):
      // only the rest sits in the escrow.
      const inEscrow = current.amountCents - emergencyShareCents(group, current.amountCents);
      await postTransfer(tx, {
        idempotencyKey: `forfeit:${current.id}`,
        kind: 'forfeit',
        groupId: group.id,
        userId: target.userId,
        memo: `Cycle ${current.cycle} contribution forfeited on leaving`,
        at: now,
        legs: [
          {
            account: { kind: 'escrow', groupId: group.id, cycle: current.cycle },
            amountCents: -inEscrow,
          },
          { account: reserve, amountCents: inEscrow },
        ],
      });
    }
    // 2. Unpaid rows (missed cycles become a debt above) and the current cycle's row go; paid rows
    // of cycles already paid out stay as their history.
    const gone = plan.rows
      .filter((r) => r.status !== 'paid' || r.cycle === group.currentCycle)
      .map((r) => r.id);
    if (gone.length > 0) await tx.delete(contributions).where(inArray(contributions.id, gone));
    // 3. Penalties still owed moved into the late_penalty_owed debt: the kept rows owe nothing more
    // (the audit record and the debt keep the amount), and their penalty records are resolved.
    const penalised = plan.rows
      .filter((r) => r.penaltyStatus === 'owed' && !gone.includes(r.id))
      .map((r) => r.id);
    if (penalised.length > 0) {
      await tx
        .update(contributions)
        .set({ penaltyStatus: 'none', penaltyCents: 0 })
        .where(inArray(contributions.id, penalised));
      await tx
        .update(defaultPenalties)
        .set({ resolved: true, resolvedAt: now })
        .where(inArray(defaultPenalties.contributionId, penalised));
    }
  }

  await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, target.userId)));
  await tx
    .delete(paymentSchedules)
    .where(and(eq(paymentSchedules.groupId, group.id), eq(paymentSchedules.userId, target.userId)));
  await tx
    .update(groupApplications)
    .set({ status: 'withdrawn', decidedAt: now })
    .where(
      and(
        eq(groupApplications.groupId, group.id),
        eq(groupApplications.userId, target.userId),
        eq(groupApplications.status, 'pending'),
      ),
    );

  if (group.status === 'recruiting') {
    await tx
      .update(groups)
      .set({ currentMembers: group.currentMembers - 1 })
      .where(eq(groups.id, group.id));
  } else if (plan.preview.case === 'after_payout') {
    await tx
      .update(groups)
      .set({ currentMembers: group.currentMembers - 1, memberLimit: group.memberLimit - 1 })
      .where(eq(groups.id, group.id));
  } else {
    await shrinkRotation(tx, group, plan);
  }

  const debtRows =
    plan.debts.length === 0
      ? []
      : await tx
          .insert(memberDebts)
          .values(
            plan.debts.map((d) => ({
              groupId: group.id,
              userId: d.userId,
              reason: d.reason,
              amountCents: d.amountCents,
              paidCents: d.paidCents,
              createdAt: now,
              settledAt: d.paidCents >= d.amountCents ? now : null,
            })),
          )
          .returning();

  if (plan.deletedCycle !== null) await closeDeletedCycle(ctx, tx, group, plan.deletedCycle, debtRows);

  const removed = departure.kind === 'remove';
  await recordAudit(tx, {
    action: removed ? 'member_removed' : 'member_left',
    actorUserId: removed ? departure.actorId : target.userId,
    subject: String(group.id),
    details: {
      userId: target.userId,
      case: plan.preview.case,
      forfeitedCents: plan.preview.forfeitedCents,
      debts: debtRows.map((d) => ({ id: d.id, userId: d.userId, reason: d.reason, cents: d.amountCents })),
      movesUp: plan.preview.movesUp,
      contributionsRemoved: plan.rows.map((r) => ({ id: r.id, cycle: r.cycle, status: r.status })),
      penaltiesMovedToDebt: plan.rows
        .filter((r) => r.penaltyStatus === 'owed')
        .map((r) => ({ id: r.id, cycle: r.cycle, cents: r.penaltyCents })),
    },
    at: now,
  });
  const stayers = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id));
  const data = { groupName: group.name, memberName: plan.preview.memberName };
  const tell = removed
    ? admins.filter((id) => id !== departure.actorId && id !== target.userId)
    : stayers.map((m) => m.userId);
  await notify(tx, now, tell, removed ? 'member_removed' : 'member_left', group.id, data);
  if (removed) await notify(tx, now, [target.userId], 'you_were_removed', null, { groupName: group.name });
  for (const d of debtRows) {
    if (d.settledAt || d.userId === target.userId) continue;
    await notify(tx, now, [d.userId], 'debt_recorded', group.id, {
      groupName: group.name,
      amount: formatAmount(d.amountCents - d.paidCents),
    });
  }
  await publishLive(
    tx,
    { scope: 'group', groupId: group.id, topic: 'group' },
    { scope: 'user', userId: target.userId, topic: 'groups' },
    { scope: 'user', userId: target.userId, topic: 'notifications' },
  );
  return plan;
}

/** Case "turn still ahead": later positions move up, the last cycle goes, recipients follow positions. */
async function shrinkRotation(tx: Db, group: Group, plan: RemovalPlan) {
  // One row at a time, upward: positions are unique, and the leaver's row is already gone.
  for (const move of [...plan.preview.movesUp].sort((a, b) => a.fromPosition - b.fromPosition)) {
    await tx
      .update(groupMembers)
      .set({ position: move.toPosition })
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, move.userId)));
  }
  const newTotal = group.totalCycles - 1;
  await tx.delete(cycles).where(and(eq(cycles.groupId, group.id), gt(cycles.number, newTotal)));
  const members = await tx
    .select({ userId: groupMembers.userId, position: groupMembers.position })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id));
  const unpaid = await tx
    .select({ id: cycles.id, number: cycles.number })
    .from(cycles)
    .where(and(eq(cycles.groupId, group.id), ne(cycles.status, 'paid_out')));
  for (const cycle of unpaid) {
    const recipient = members.find((m) => m.position === cycle.number);
    if (!recipient) throw new Error(`no member holds position ${cycle.number} of group ${group.id}`);
    await tx.update(cycles).set({ recipientUserId: recipient.userId }).where(eq(cycles.id, cycle.id));
  }
  await tx
    .update(groups)
    .set({
      currentMembers: group.currentMembers - 1,
      memberLimit: group.memberLimit - 1,
      totalCycles: newTotal,
    })
    .where(eq(groups.id, group.id));
}

/**
 * The leaver was the current (and last) cycle's recipient: that cycle no longer exists. Everyone
 * left was paid out and owes the reserve one contribution (received_larger_pool); what they already
 * paid into the vanished cycle's escrow moves to the reserve as that payment. Then the circle completes.
 */
async function closeDeletedCycle(
  ctx: AppContext,
  tx: Db,
  group: Group,
  cycleNumber: number,
  debtRows: (typeof memberDebts.$inferSelect)[],
) {
  const now = ctx.clock.now();
  const escrow = { kind: 'escrow' as const, groupId: group.id, cycle: cycleNumber };
  const rows = await tx
    .select()
    .from(contributions)
    .where(and(eq(contributions.groupId, group.id), eq(contributions.cycle, cycleNumber)))
    .for('update');
  if (rows.some((r) => r.status === 'processing')) throw new AppError('REMOVAL_WAITS_FOR_DEBIT');
  for (const row of rows) {
    if (row.status !== 'paid') continue;
    const debt = debtRows.find((d) => d.userId === row.userId && d.reason === 'received_larger_pool');
    // The emergency fund's share is in the reserve already; the whole contribution pays the debt.
    const inEscrow = row.amountCents - emergencyShareCents(group, row.amountCents);
    await postTransfer(tx, {
      idempotencyKey: `debt-from-escrow:${row.id}`,
      kind: 'debt_payment',
      groupId: group.id,
      userId: row.userId,
      memo: `Cycle ${cycleNumber} contribution paid toward the reserve`,
      at: now,
      legs: [
        { account: escrow, amountCents: -inEscrow },
        { account: { kind: 'reserve', groupId: group.id }, amountCents: inEscrow },
      ],
    });
    if (debt) {
      const paid = Math.min(debt.amountCents, debt.paidCents + row.amountCents);
      await tx
        .update(memberDebts)
        .set({ paidCents: paid, settledAt: paid >= debt.amountCents ? now : null })
        .where(eq(memberDebts.id, debt.id));
    }
  }
  await tx
    .delete(contributions)
    .where(and(eq(contributions.groupId, group.id), eq(contributions.cycle, cycleNumber)));
  // Nothing may be left behind in an escrow whose cycle is gone.
  const left = await balanceOf(tx, escrow);
  if (left !== 0) throw new Error(`escrow of vanished cycle ${cycleNumber} still holds ${left}`);
  await tx
    .update(groups)
    .set({ status: 'completed', completedAt: now, currentCycle: cycleNumber - 1 })
    .where(eq(groups.id, group.id));
  await recordAudit(tx, { action: 'group_completed', subject: String(group.id), at: now });
  const [completed] = await tx.select().from(groups).where(eq(groups.id, group.id));
  await distributeReserve(ctx, tx, completed!, 'completion');
  const everyone = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id));
  await notify(
    tx,
    now,
    everyone.map((m) => m.userId),
    'group_completed',
    group.id,
    { groupName: group.name },
  );
}
