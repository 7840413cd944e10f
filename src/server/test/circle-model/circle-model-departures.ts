import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { memberDebts } from '#server/db/membership-schema.ts';
import { payDebt } from '#server/features/membership/debts.ts';
import { leaveGroup } from '#server/features/membership/departures.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { at, emergencyShareOf } from './circle-model-arithmetic.ts';
import { attempt, nextKey, session } from './circle-model-harness.ts';
import { distribute } from './circle-model-money.ts';
import { credit, type MGroup, type World, walletOf } from './circle-model-state.ts';

/**
 * Leaving a circle (docs/decisions/0029), restated: in recruiting the seat is freed; once active,
 * a member whose turn is ahead forfeits a paid current contribution to the reserve and the circle
 * shrinks by one seat and one cycle (members paid out owe the reserve C each); one already paid out
 * owes every cycle not yet paid out. Unpaid contributions of cycles the reserve covered, and late
 * penalties still owed, become debts. Debts are read back by id; the rest is the model's.
 */

function departureRefusal(w: World, g: MGroup, userId: number): ErrorCode | null {
  if (!g.members.includes(userId)) return 'GROUP_NOT_FOUND';
  if (g.status === 'completed') return 'GROUP_COMPLETED';
  if (userId === g.admin) return 'OWNER_CANNOT_LEAVE';
  if (g.status === 'active' && g.frozen) return 'GROUP_FROZEN';
  if (g.status !== 'active') return null;
  const inFlight =
    g.contributions.some((c) => c.userId === userId && c.status === 'processing') ||
    w.m.debits.some((d) => d.groupId === g.id && d.userId === userId && d.status === 'processing');
  return inFlight ? 'REMOVAL_WAITS_FOR_DEBIT' : null;
}

export async function leaveStep(w: World, g: MGroup, pickUser: number, label: string) {
  const others = g.members.filter((u) => u !== g.admin);
  // Mostly a member other than the owner; sometimes the owner or someone outside.
  const userId =
    pickUser % 7 === 0
      ? g.admin
      : pickUser % 11 === 0 || others.length === 0
        ? at(w.m.users, pickUser)
        : at(others, pickUser);
  const done = await attempt(w, label, departureRefusal(w, g, userId), () =>
    leaveGroup(w.r.ctx, session(w.m, userId), g.id),
  );
  if (!done) return;
  expect(done.status, label).toBe('removed');
  depart(w, g, userId);
  // The debts get the database's ids, in the order they were made.
  const known = new Set(g.debts.map((x) => x.id));
  const rows = await w.r.db
    .select({ id: memberDebts.id })
    .from(memberDebts)
    .where(eq(memberDebts.groupId, g.id))
    .orderBy(asc(memberDebts.id));
  const fresh = rows.filter((x) => !known.has(x.id));
  const unnamed = g.debts.filter((x) => x.id === -1);
  expect(fresh.length, `${label}: debts made`).toBe(unnamed.length);
  for (const [i, debt] of unnamed.entries()) debt.id = fresh[i]!.id;
}

/** The model's departure of `userId` (carryOutDeparture). */
function depart(w: World, g: MGroup, userId: number) {
  const C = g.cents;
  g.members = g.members.filter((u) => u !== userId);
  g.schedules.delete(userId);
  g.standing.delete(userId);
  if (g.status === 'recruiting') {
    w.stats.departures.recruiting += 1;
    return;
  }
  const rows = g.contributions.filter((c) => c.userId === userId);
  const current = rows.find((c) => c.cycle === g.currentCycle);
  const paidOut = (n: number) => g.cycles[n - 1]?.paidOut === true;
  const forfeited = current?.status === 'paid' ? current.amountCents : 0;
  if (forfeited > 0) {
    // Its emergency-fund share is in the reserve already; the rest leaves the escrow.
    const inEscrow = forfeited - emergencyShareOf(forfeited, g.emergencyPercent);
    g.escrowCents.set(g.currentCycle, (g.escrowCents.get(g.currentCycle) ?? 0) - inEscrow);
    g.reserveCents += inEscrow;
    w.stats.forfeits += 1;
  }
  const made = g.debts.length;
  const debt = (u: number, reason: string, amountCents: number, paidCents = 0) =>
    g.debts.push({ id: -1, userId: u, reason, amountCents, paidCents });
  const missed = rows
    .filter((c) => c.status !== 'paid' && paidOut(c.cycle))
    .reduce((s, c) => s + c.amountCents, 0);
  if (missed > 0) debt(userId, 'missed_before_leaving', missed);
  const penalties = rows.filter((c) => c.penaltyStatus === 'owed').reduce((s, c) => s + c.penaltyCents, 0);
  if (penalties > 0) debt(userId, 'late_penalty_owed', penalties);
  const gone = new Set(
    rows.filter((c) => c.status !== 'paid' || c.cycle === g.currentCycle).map((c) => c.id),
  );
  g.contributions = g.contributions.filter((c) => !gone.has(c.id));
  // Their settled bank debits go with the rows (bank_debits cascade); none is in flight here.
  w.m.debits = w.m.debits.filter((x) => !gone.has(x.contributionId));
  for (const c of rows)
    if (c.penaltyStatus === 'owed') Object.assign(c, { penaltyStatus: 'none', penaltyCents: 0 });

  const wasPaidOut = g.cycles.some((c) => c.recipient === userId && c.paidOut);
  if (wasPaidOut) {
    const owed = C * (g.cycles.length - g.currentCycle + 1);
    debt(userId, 'departed_after_payout', owed, Math.min(forfeited, owed));
    g.limit -= 1;
    w.stats.departures.afterPayout += 1;
    return;
  }
  w.stats.departures.beforePayout += 1;
  // Turn ahead: later positions move up one, the last cycle goes, recipients follow the positions.
  for (const u of g.order.filter(
    (x) => g.members.includes(x) && g.cycles.some((c) => c.recipient === x && c.paidOut),
  ))
    debt(u, 'received_larger_pool', C);
  g.order = g.order.filter((u) => u !== userId);
  g.limit -= 1;
  const vanished = g.cycles.pop()!;
  for (const c of g.cycles) if (!c.paidOut) c.recipient = g.order[c.number - 1]!;
  if (g.currentCycle <= g.cycles.length) return;
  // The leaver was the current, last cycle's recipient: what the others paid into it pays their debt.
  for (const c of g.contributions.filter((x) => x.cycle === vanished.number)) {
    if (c.status === 'paid') {
      const inEscrow = c.amountCents - emergencyShareOf(c.amountCents, g.emergencyPercent);
      g.escrowCents.set(vanished.number, (g.escrowCents.get(vanished.number) ?? 0) - inEscrow);
      g.reserveCents += inEscrow;
      // The debt this departure made (an earlier departure may have left one of the same kind).
      const d = g.debts
        .slice(made)
        .find((x) => x.userId === c.userId && x.reason === 'received_larger_pool')!;
      d.paidCents = Math.min(d.amountCents, d.paidCents + c.amountCents);
    }
  }
  const vanishedRows = new Set(g.contributions.filter((x) => x.cycle === vanished.number).map((x) => x.id));
  g.contributions = g.contributions.filter((x) => !vanishedRows.has(x.id));
  w.m.debits = w.m.debits.filter((x) => !vanishedRows.has(x.contributionId));
  g.escrowCents.delete(vanished.number);
  g.currentCycle = vanished.number - 1;
  g.status = 'completed';
  w.stats.completed += 1;
  w.stats.departures.completedCircle += 1;
  distribute(w, g);
}

/** POST /api/debts/{id}/pay after the wallet is funded from the bank when short. */
export async function payDebtStep(w: World, g: MGroup, which: number, label: string) {
  const open = g.debts.filter((d) => d.paidCents < d.amountCents);
  if (open.length === 0) return;
  const d = at(open, which);
  const remaining = d.amountCents - d.paidCents;
  // Mostly the wallet is funded from the bank first; otherwise a wallet too low is refused.
  const lacking = remaining - walletOf(w.m, d.userId) + heldCents(w, d.userId);
  if (which % 3 !== 0 && lacking > 0) {
    await postTransfer(w.r.db, {
      idempotencyKey: nextKey(w.m, 'model-debt-funding'),
      kind: 'payout',
      userId: d.userId,
      at: w.r.clock.now(),
      legs: [
        { account: { kind: 'external', name: 'bank' }, amountCents: -lacking },
        { account: { kind: 'wallet', userId: d.userId }, amountCents: lacking },
      ],
    });
    w.m.bankCents -= lacking;
    credit(w.m, d.userId, lacking);
  }
  const short = remaining - walletOf(w.m, d.userId) + heldCents(w, d.userId);
  const expected: ErrorCode | null = short > 0 ? 'INSUFFICIENT_FUNDS' : null;
  const done = await attempt(w, label, expected, () => payDebt(w.r.ctx, session(w.m, d.userId), d.id));
  if (!done) return;
  credit(w.m, d.userId, -remaining);
  d.paidCents = d.amountCents;
  g.reserveCents += remaining;
  w.stats.debtsPaid += 1;
  if (g.status === 'completed') distribute(w, g);
}

const heldCents = (w: World, userId: number) =>
  w.m.withdrawals
    .filter((x) => x.userId === userId && x.status === 'processing')
    .reduce((sum, x) => sum + x.amountCents + x.feeCents, 0);
