import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contributions } from '#server/db/groups-schema.ts';
import { recordPayment } from '#server/features/groups/contributions.ts';
import { payPenalty, waivePenalty } from '#server/features/groups/penalties.ts';
import type { ErrorCode } from '#shared/errors.ts';
import {
  emergencyShareOf,
  localDay,
  payoutFeeOf,
  penaltyOf,
  plusDays,
  poolOf,
} from './circle-model-arithmetic.ts';
import {
  addExternal,
  adminRefusal,
  attempt,
  BOGUS_ID,
  contributionOf,
  session,
} from './circle-model-harness.ts';
import { refreshStanding, standingOf } from './circle-model-standing.ts';
import {
  credit,
  type Delivery,
  type MContribution,
  type Method,
  type MGroup,
  type MPayout,
  type World,
} from './circle-model-state.ts';

/** A cycle opened: every member owes it. The ids come from the database; the rest is the model's. */
export async function openCycle(w: World, g: MGroup, n: number) {
  const rows = await w.r.db
    .select({ id: contributions.id, userId: contributions.userId })
    .from(contributions)
    .where(and(eq(contributions.groupId, g.id), eq(contributions.cycle, n)));
  const cycle = g.cycles[n - 1]!;
  g.graceOf.set(n, g.grace);
  for (const userId of g.members) {
    const row = rows.find((x) => x.userId === userId);
    if (!row) throw new Error(`group ${g.id} cycle ${n}: no contribution was opened for user ${userId}`);
    g.contributions.push({
      id: row.id,
      cycle: n,
      userId,
      amountCents: g.cents,
      dueDate: cycle.dueOn,
      status: 'pending',
      paymentMethod: 'ach',
      late: false,
      penaltyCents: 0,
      penaltyStatus: 'none',
      paidAt: null,
    });
  }
}

/**
 * A completed circle's reserve goes to the members with no unpaid contribution and no penalty
 * owed, in equal shares; the odd cents to the earliest in the rotation.
 */
export function distribute(w: World, g: MGroup) {
  const owing = (u: number) =>
    g.contributions.some((c) => c.userId === u && (c.status !== 'paid' || c.penaltyStatus === 'owed'));
  const inDebt = (u: number) => g.debts.some((d) => d.userId === u && d.paidCents < d.amountCents);
  const eligible = g.order.filter((u) => g.members.includes(u) && !owing(u) && !inDebt(u));
  if (g.reserveCents <= 0 || eligible.length === 0) return;
  const base = Math.floor(g.reserveCents / eligible.length);
  const extra = g.reserveCents - base * eligible.length;
  for (const [i, u] of eligible.entries()) credit(w.m, u, base + (i < extra ? 1 : 0));
  g.distributedCents += g.reserveCents;
  g.reserveCents = 0;
  w.stats.distributions += 1;
}

/**
 * The contribution is paid now. It is late when it was paid (a bank debit: when the debit started)
 * after the due date plus grace, in the circle's zone. Money for a cycle already paid out repays the
 * reserve that covered it; money reaching a completed circle's reserve is shared at once.
 */
export function settle(w: World, g: MGroup, row: MContribution, method: string, paidWhen?: number) {
  const now = w.r.clock.now().getTime();
  const late =
    localDay(paidWhen ?? now, g.timeZone) > plusDays(row.dueDate, g.graceOf.get(row.cycle) ?? g.grace);
  const penalty = late ? penaltyOf(row.amountCents, g.penaltyPercent) : 0;
  Object.assign(row, {
    status: 'paid',
    paymentMethod: method,
    late,
    penaltyCents: penalty,
    penaltyStatus: penalty > 0 ? 'owed' : 'none',
    paidAt: now,
  });
  if (g.cycles[row.cycle - 1]!.paidOut) {
    g.reserveCents += row.amountCents;
    w.stats.reserveRepaid += 1;
  } else {
    // The emergency fund's share goes to the reserve, the rest to the cycle's escrow.
    const share = emergencyShareOf(row.amountCents, g.emergencyPercent);
    g.reserveCents += share;
    g.escrowCents.set(row.cycle, (g.escrowCents.get(row.cycle) ?? 0) + row.amountCents - share);
  }
  addExternal(w.m, method, -row.amountCents);
  if (late) w.stats.late += 1;
  if (g.status === 'completed') distribute(w, g);
  // Catching up may bring an inactive member back (settleContribution refreshes an inactive payer's standing).
  if (standingOf(g, row.userId) === 'inactive') refreshStanding(w, g, row.userId);
}

/** Pays the current cycle out (the reserve covering any shortfall), then opens the next or completes. */
export async function payOut(w: World, g: MGroup, delivery: Delivery): Promise<MPayout> {
  const cycle = g.cycles[g.currentCycle - 1]!;
  const pool = poolOf(g);
  const shortfall = pool - (g.escrowCents.get(cycle.number) ?? 0);
  if (shortfall > 0) {
    g.reserveCents -= shortfall;
    w.stats.reserveCovers += 1;
  }
  g.escrowCents.set(cycle.number, 0);
  // Handed over outside the app: no fee, and the pool leaves for the outside world.
  const offApp = delivery.delivery === 'off_app' ? delivery.method : undefined;
  const fee = offApp ? 0 : payoutFeeOf(pool);
  if (offApp) addExternal(w.m, offApp, pool);
  else credit(w.m, cycle.recipient, pool - fee);
  w.m.feeCents += fee;
  cycle.paidOut = true;
  const payout: MPayout = {
    cycle: cycle.number,
    recipientId: cycle.recipient,
    amountCents: pool - fee,
    feeCents: fee,
    poolCents: pool,
    delivery: delivery.delivery,
    receiptStatus: offApp ? 'awaiting' : 'not_needed',
  };
  g.payouts.push(payout);
  w.stats.payouts += 1;
  if (offApp) w.stats.offApp += 1;
  if (cycle.number >= g.cycles.length) {
    g.status = 'completed';
    w.stats.completed += 1;
    distribute(w, g);
  } else {
    g.currentCycle += 1;
    await openCycle(w, g, g.currentCycle);
  }
  return payout;
}

/** currentContribution's refusals, in its order, for the member's contribution of cycle `n`. */
export function contributionRefusal(g: MGroup, row: MContribution | undefined): ErrorCode | null {
  if (g.status !== 'active') return 'GROUP_NOT_ACTIVE';
  if (!row) return 'CONTRIBUTION_NOT_FOUND';
  if (row.status === 'paid') return 'ALREADY_PAID';
  if (row.status === 'processing') return 'DEBIT_IN_PROGRESS';
  return null;
}

export async function recordCash(
  w: World,
  g: MGroup,
  actor: number,
  userId: number,
  cycle: number | undefined,
  how: Method,
  label: string,
) {
  const row = contributionOf(g, cycle ?? g.currentCycle, userId);
  const expected = adminRefusal(g, actor) ?? contributionRefusal(g, row);
  const done = await attempt(w, label, expected, () =>
    recordPayment(w.r.ctx, session(w.m, actor), g.id, { userId, cycle, method: how }),
  );
  if (done && row) settle(w, g, row, how);
}

/**
 * Pays a late penalty into the reserve (recorded in cash by an admin, or from the late member's
 * wallet) or waives it; `row` undefined means an unknown id.
 */
export async function settlePenalty(
  w: World,
  g: MGroup,
  row: MContribution | undefined,
  actor: number,
  way: 'waive' | 'cash' | 'wallet',
  expected: ErrorCode | null,
  label: string,
) {
  const id = row?.id ?? BOGUS_ID;
  const done = await attempt(w, label, expected, () =>
    way === 'waive'
      ? waivePenalty(w.r.ctx, session(w.m, actor), id, 'First time; the bus was late')
      : payPenalty(w.r.ctx, session(w.m, actor), id, way),
  );
  if (!done || !row) return;
  if (way === 'waive') {
    row.penaltyStatus = 'waived';
    w.stats.penaltiesWaived += 1;
  } else {
    row.penaltyStatus = 'paid';
    g.reserveCents += row.penaltyCents;
    if (way === 'wallet') {
      credit(w.m, row.userId, -row.penaltyCents);
      w.stats.penaltiesFromWallet += 1;
    } else addExternal(w.m, 'cash', -row.penaltyCents);
    w.stats.penaltiesPaid += 1;
  }
  if (g.status === 'completed') distribute(w, g);
}

/** The payout the service returned is the one the model made. */
export const expectPayout = (label: string, actual: unknown, want: MPayout) =>
  expect(actual, label).toMatchObject(want);
