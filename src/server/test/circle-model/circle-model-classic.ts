import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payouts } from '#server/db/groups-schema.ts';
import { confirmContribution, reportPayment } from '#server/features/groups/contributions.ts';
import { setFrozen } from '#server/features/groups/freeze.ts';
import { confirmPayoutReceipt } from '#server/features/groups/payout-receipt.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { approve, processPayoutStep, releaseFundsStep } from './circle-model-approvals.ts';
import { at, dollars } from './circle-model-arithmetic.ts';
import type { Cmd } from './circle-model-commands.ts';
import {
  actorFor,
  adminRefusal,
  attempt,
  BOGUS_ID,
  contributionOf,
  session,
  userFor,
} from './circle-model-harness.ts';
import { contributionRefusal, recordCash, settle, settlePenalty } from './circle-model-money.ts';
import { heldOf, isOpen, type MGroup, type World, walletOf } from './circle-model-state.ts';

/** The circle's own steps: paying off the app, collecting, payouts, receipts, freezing, penalties. */

type Of<T extends Cmd['type']> = Extract<Cmd, { type: T }>;

export async function report(w: World, g: MGroup, cmd: Of<'report'>, label: string) {
  const userId = userFor(w.m, g, cmd.member, cmd.user);
  const row = contributionOf(g, g.currentCycle, userId);
  const expected = !g.members.includes(userId) ? 'GROUP_NOT_FOUND' : contributionRefusal(g, row);
  const done = await attempt(w, label, expected, () =>
    reportPayment(w.r.ctx, session(w.m, userId), g.id, { method: cmd.method, reference: `ref ${cmd.user}` }),
  );
  if (done && row) Object.assign(row, { status: 'reported', paymentMethod: cmd.method });
}

export async function confirm(w: World, g: MGroup, cmd: Of<'confirm'>, label: string) {
  const unpaid = g.contributions.filter((c) => c.status !== 'paid');
  const choices = cmd.which % 4 !== 0 && unpaid.length > 0 ? unpaid : g.contributions;
  const row = cmd.which % 10 === 9 || choices.length === 0 ? undefined : at(choices, cmd.which);
  const actor = actorFor(w.m, g, cmd.actor, cmd.which);
  const expected = !row
    ? 'CONTRIBUTION_NOT_FOUND'
    : (adminRefusal(g, actor, 'CONTRIBUTION_NOT_FOUND') ?? contributionRefusal(g, row));
  const done = await attempt(w, label, expected, () =>
    confirmContribution(w.r.ctx, session(w.m, actor), row?.id ?? BOGUS_ID),
  );
  if (done && row) settle(w, g, row, row.status === 'reported' ? row.paymentMethod : 'cash');
}

/**
 * The admin records everyone still unpaid (but those on auto-pay), one call each; a round then
 * presses Process Payout (or Release Funds) and pays or waives the penalties charged.
 */
export async function collect(w: World, g: MGroup, cmd: Of<'collect'> | Of<'round'>, label: string) {
  if (g.status !== 'active')
    return recordCash(w, g, g.admin, g.admin, undefined, cmd.method, `${label} (not active)`);
  // Members on auto-pay are left to their bank; arrears of cycles the reserve covered are taken too.
  const unpaid = g.contributions.filter(
    (c) =>
      c.status !== 'paid' &&
      (c.cycle === g.currentCycle || g.cycles[c.cycle - 1]!.paidOut) &&
      g.schedules.get(c.userId)?.status !== 'active',
  );
  // A round released by a threshold under 100% may leave some unpaid, for the reserve to cover.
  const skip = cmd.type === 'round' && cmd.releaseFunds && g.threshold < 100 ? cmd.skip : 0;
  for (const c of unpaid.slice(skip)) {
    const cycle = c.cycle === g.currentCycle ? undefined : c.cycle;
    await recordCash(
      w,
      g,
      g.admin,
      c.userId,
      cycle,
      cmd.method,
      `${label} user ${c.userId} cycle ${c.cycle}`,
    );
  }
  if (cmd.type === 'collect') return;
  const n = g.currentCycle;
  if (cmd.releaseFunds) await releaseFundsStep(w, g, n, 'admin', 0, `${label} release funds`);
  else await processPayoutStep(w, g, g.admin, n, `${label} payout`, cmd.offApp ? cmd.method : undefined);
  const waiting = g.actions.find(
    (a) => a.type === 'release_escrow' && a.subject === `cycle:${n}` && isOpen(a),
  );
  if (cmd.approve && waiting)
    for (const u of g.members.filter((x) => x !== waiting.requestedBy && !waiting.approvers.includes(x))) {
      if (waiting.status !== 'pending') break;
      await approve(w, g, waiting, u, `${label} approved by ${u}`);
    }
  if (cmd.penalties === 'leave') return;
  for (const c of unpaid.filter((x) => x.penaltyStatus === 'owed')) {
    const step = `${label} ${cmd.penalties} penalty`;
    if (cmd.penalties !== 'wallet')
      await settlePenalty(w, g, c, g.admin, cmd.penalties === 'pay' ? 'cash' : 'waive', null, step);
    else {
      const short = walletOf(w.m, c.userId) - heldOf(w.m, c.userId) < c.penaltyCents;
      await settlePenalty(w, g, c, c.userId, 'wallet', short ? 'INSUFFICIENT_FUNDS' : null, step);
    }
  }
}

export async function receipt(w: World, group: MGroup, cmd: Of<'receipt'>, label: string) {
  let g = group;
  // Mostly a payout waiting for its receipt (in any of the run's groups), else any of the group's.
  const waiting = w.m.groups.flatMap((og) =>
    og.payouts.filter((x) => x.receiptStatus === 'awaiting' || x.receiptStatus === 'disputed'),
  );
  const pool = cmd.which % 3 !== 0 && waiting.length > 0 ? waiting : g.payouts;
  const p = cmd.which % 10 === 9 || pool.length === 0 ? undefined : at(pool, cmd.which);
  if (p) g = w.m.groups.find((og) => og.payouts.includes(p))!;
  const actor =
    cmd.actor === 'recipient' ? (p?.recipientId ?? g.admin) : actorFor(w.m, g, cmd.actor, cmd.which);
  const received = p ? p.amountCents - (cmd.matches ? 0 : 1) : 100;
  const expected: ErrorCode | null = !p
    ? 'PAYOUT_NOT_FOUND'
    : !g.members.includes(actor)
      ? 'PAYOUT_NOT_FOUND'
      : actor !== p.recipientId
        ? 'NOT_PAYOUT_RECIPIENT'
        : p.receiptStatus === 'not_needed' || p.receiptStatus === 'confirmed'
          ? 'RECEIPT_NOT_AWAITED'
          : null;
  let id = BOGUS_ID;
  if (p) {
    const [row] = await w.r.db
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.groupId, g.id), eq(payouts.cycle, p.cycle)));
    id = row!.id;
  }
  const done = await attempt(w, label, expected, () =>
    confirmPayoutReceipt(w.r.ctx, session(w.m, actor), id, { receivedAmount: dollars(received) }),
  );
  if (done && p) {
    p.receiptStatus = cmd.matches ? 'confirmed' : 'disputed';
    expect(done.receiptStatus, label).toBe(p.receiptStatus);
    w.stats.receipts += 1;
  }
}

/** An admin pauses a running circle: no debits, no release, no reminders until it is unfrozen. */
export async function freeze(w: World, g: MGroup, cmd: Of<'freeze'>, label: string) {
  const actor = actorFor(w.m, g, cmd.actor, cmd.group);
  const expected =
    adminRefusal(g, actor) ??
    (g.status !== 'active'
      ? 'GROUP_NOT_ACTIVE'
      : g.frozen === cmd.frozen
        ? cmd.frozen
          ? 'GROUP_FROZEN'
          : 'GROUP_NOT_FROZEN'
        : null);
  const done = await attempt(w, label, expected, () =>
    setFrozen(w.r.ctx, session(w.m, actor), g.id, cmd.frozen, cmd.frozen ? 'Model pause' : null),
  );
  if (done) {
    g.frozen = cmd.frozen;
    w.stats.freezes += 1;
  }
}

export async function penalty(w: World, g: MGroup, cmd: Of<'penalty'>, label: string) {
  // Mostly a penalty that is owed (in any of the run's groups), else any contribution of the group.
  const allOwed = w.m.groups.flatMap((og) =>
    og.contributions.filter((c) => c.penaltyStatus === 'owed').map((c) => ({ g: og, c })),
  );
  // From a wallet: mostly one whose member has the money free, so payments happen, not only refusals.
  const affordable = allOwed.filter(
    ({ c }) => walletOf(w.m, c.userId) - heldOf(w.m, c.userId) >= c.penaltyCents,
  );
  const owed = cmd.fromWallet && affordable.length > 0 && cmd.which % 3 !== 0 ? affordable : allOwed;
  const chosen =
    cmd.which % 10 === 9
      ? undefined
      : cmd.owed && owed.length > 0
        ? at(owed, cmd.which)
        : g.contributions.length > 0
          ? { g, c: at(g.contributions, cmd.which) }
          : undefined;
  const row = chosen?.c;
  const pg = chosen?.g ?? g;
  if (cmd.fromWallet && !cmd.waive) {
    // Mostly the late member themself, who may pay if their wallet has it free of holds.
    const actor = row && cmd.which % 4 !== 0 ? row.userId : actorFor(w.m, pg, cmd.actor, cmd.which);
    const expected = !row
      ? 'CONTRIBUTION_NOT_FOUND'
      : !pg.members.includes(actor)
        ? 'CONTRIBUTION_NOT_FOUND'
        : row.penaltyStatus !== 'owed'
          ? 'NO_PENALTY_OWED'
          : row.userId !== actor
            ? 'PENALTY_NOT_YOURS'
            : walletOf(w.m, actor) - heldOf(w.m, actor) < row.penaltyCents
              ? 'INSUFFICIENT_FUNDS'
              : null;
    return settlePenalty(w, pg, row, actor, 'wallet', expected, label);
  }
  const actor = actorFor(w.m, pg, cmd.actor, cmd.which);
  const expected = !row
    ? 'CONTRIBUTION_NOT_FOUND'
    : (adminRefusal(pg, actor, 'CONTRIBUTION_NOT_FOUND') ??
      (row.penaltyStatus !== 'owed' ? 'NO_PENALTY_OWED' : null));
  return settlePenalty(w, pg, row, actor, cmd.waive ? 'waive' : 'cash', expected, label);
}
