import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { memberDebts } from '#server/db/membership-schema.ts';
import { payDebt } from '#server/features/membership/debts.ts';
import { leaveGroup, removeMember } from '#server/features/membership/departures.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { approve } from './circle-model-approvals.ts';
import { at, emergencyShareOf } from './circle-model-arithmetic.ts';
import { type ActorKind, actorFor, adminRefusal, attempt, nextKey, session } from './circle-model-harness.ts';
import { distribute } from './circle-model-money.ts';
import { newAction } from './circle-model-release.ts';
import {
  credit,
  isOpen,
  type MAction,
  type MGroup,
  ruleOn,
  type World,
  walletOf,
} from './circle-model-state.ts';

/**
 * Leaving a circle (docs/decisions/0029), restated: in recruiting the seat is freed; once active,
 * a member whose turn is ahead forfeits a paid current contribution to the reserve and the circle
 * shrinks by one seat and one cycle (members paid out owe the reserve C each); one already paid out
 * owes every cycle not yet paid out. Unpaid contributions of cycles the reserve covered, and late
 * penalties still owed, become debts. Debts are read back by id; the rest is the model's.
 */

/** checkMayDepart, then planDeparture's wait for debits (`carriedOut`: and closeDeletedCycle's). */
function departureRefusal(w: World, g: MGroup, userId: number, carriedOut = true): ErrorCode | null {
  if (g.status === 'completed') return 'GROUP_COMPLETED';
  if (userId === g.admin) return 'OWNER_CANNOT_LEAVE';
  if (g.status === 'active' && g.frozen) return 'GROUP_FROZEN';
  if (g.status !== 'active') return null;
  const inFlight =
    g.contributions.some((c) => c.userId === userId && c.status === 'processing') ||
    w.m.debits.some((d) => d.groupId === g.id && d.userId === userId && d.status === 'processing');
  if (inFlight) return 'REMOVAL_WAITS_FOR_DEBIT';
  // The leaver holds the last turn, and it is the current cycle: it vanishes, with every debit in it.
  const vanishes =
    !g.cycles.some((c) => c.recipient === userId && c.paidOut) && g.currentCycle === g.cycles.length;
  const vanishingInFlight = g.contributions.some(
    (c) => c.cycle === g.currentCycle && c.status === 'processing',
  );
  return carriedOut && vanishes && vanishingInFlight ? 'REMOVAL_WAITS_FOR_DEBIT' : null;
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
  const refused = g.members.includes(userId) ? departureRefusal(w, g, userId) : 'GROUP_NOT_FOUND';
  const done = await attempt(w, label, refused, () => leaveGroup(w.r.ctx, session(w.m, userId), g.id));
  if (!done) return;
  expect(done, label).toEqual({ status: 'removed', pendingActionId: null });
  await departNow(w, g, userId);
}

/** Removal (admin): at once, or, in an active circle with the member vote on, a request for votes. */
export async function removeStep(
  w: World,
  g: MGroup,
  cmd: { user: number; actor: ActorKind; approve: boolean },
  label: string,
) {
  const actor = actorFor(w.m, g, cmd.actor, cmd.user);
  const others = g.members.filter((u) => u !== g.admin);
  // Mostly a member other than the owner; sometimes the owner, the remover, or someone outside.
  const userId =
    cmd.user % 7 === 0
      ? g.admin
      : cmd.user % 13 === 0
        ? actor
        : cmd.user % 11 === 0 || others.length === 0
          ? at(w.m.users, cmd.user)
          : at(others, cmd.user);
  const vote = g.status === 'active' ? ruleOn(g, 'member_vote') : null;
  const subject = `member:${userId}`;
  const expected =
    adminRefusal(g, actor) ??
    (!g.members.includes(userId) ? 'MEMBER_NOT_FOUND' : null) ??
    (g.status !== 'completed' && actor === userId ? 'CANNOT_REMOVE_SELF' : null) ??
    departureRefusal(w, g, userId, !vote) ??
    (vote && g.actions.some((a) => a.type === 'remove_member' && a.subject === subject && isOpen(a))
      ? 'ACTION_ALREADY_PENDING'
      : null);
  const done = await attempt(w, label, expected, () =>
    removeMember(w.r.ctx, session(w.m, actor), g.id, userId),
  );
  if (!done) return;
  if (!vote) {
    expect(done, label).toEqual({ status: 'removed', pendingActionId: null });
    w.stats.removals.atOnce += 1;
    return departNow(w, g, userId);
  }
  expect(done.status, label).toBe('pending');
  // Everyone but the remover and the member removed votes; the share of the others, at least one.
  const voters = g.members.length - 2;
  const asked = Math.max(1, Math.ceil((vote.approvalPercent! * Math.max(1, voters)) / 100));
  const action = newAction(w, g, done.pendingActionId!, {
    type: 'remove_member',
    subject,
    requestedBy: actor,
    required: Math.max(1, Math.min(asked, voters)),
    excluded: [userId],
  });
  w.stats.removals.voteAsked += 1;
  if (cmd.approve) await everyoneApproves(w, g, action, label);
}

const mayVote = (action: MAction, u: number) =>
  u !== action.requestedBy &&
  !action.excluded?.includes(u) &&
  (!action.only || action.only.includes(u)) &&
  !action.approvers.includes(u);

async function everyoneApproves(w: World, g: MGroup, action: MAction, label: string) {
  for (const u of g.members.filter((x) => mayVote(action, x))) {
    if (action.status !== 'pending') break;
    await approve(w, g, action, u, `${label} approved by ${u}`);
  }
}

/** Approvals of removals (an admin's request, or a proposal): mostly by one who may, sometimes all. */
export async function approveRemovalStep(
  w: World,
  g: MGroup,
  cmd: { which: number; actor: 'voter' | 'subject' | 'outsider'; all: boolean },
  label: string,
) {
  const removals = g.actions.filter((a) => a.type === 'remove_member');
  if (removals.length === 0) return;
  const open = removals.filter(isOpen);
  const action = at(open.length > 0 && cmd.which % 4 !== 0 ? open : removals, cmd.which);
  if (cmd.all) return everyoneApproves(w, g, action, label);
  const voters = g.members.filter((u) => mayVote(action, u));
  const actor =
    cmd.actor === 'subject'
      ? Number(action.subject.split(':')[1])
      : cmd.actor === 'outsider' || voters.length === 0
        ? actorFor(w.m, g, 'outsider', cmd.which)
        : at(voters, cmd.which);
  await approve(w, g, action, actor, label);
}

/** An approved removal runs (executeApprovedRemoval): what holds it back, or null once done. */
export async function carryOutRemoval(w: World, g: MGroup, action: MAction): Promise<ErrorCode | null> {
  const userId = Number(action.subject.split(':')[1]);
  if (!g.members.includes(userId)) return 'MEMBER_NOT_FOUND';
  const refused = departureRefusal(w, g, userId);
  if (refused) return refused;
  depart(w, g, userId);
  await adoptDebtIds(w, g);
  w.stats.removals.executed += 1;
  return null;
}

/** A departure done at once: open requests to remove the member close (closeRemovalProposals). */
async function departNow(w: World, g: MGroup, userId: number) {
  depart(w, g, userId);
  for (const a of g.actions)
    if (a.type === 'remove_member' && a.subject === `member:${userId}` && a.status === 'pending')
      a.status = 'expired';
  await adoptDebtIds(w, g);
}

/** The debts get the database's ids, in the order they were made. */
async function adoptDebtIds(w: World, g: MGroup) {
  const known = new Set(g.debts.map((x) => x.id));
  const rows = await w.r.db
    .select({ id: memberDebts.id })
    .from(memberDebts)
    .where(eq(memberDebts.groupId, g.id))
    .orderBy(asc(memberDebts.id));
  const fresh = rows.filter((x) => !known.has(x.id));
  const unnamed = g.debts.filter((x) => x.id === -1);
  expect(fresh.length, `group ${g.id}: debts made`).toBe(unnamed.length);
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
