import { and, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { pendingActions } from '#server/db/safeguards-schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { DAY_MS, HOUR_MS, localDay, plusDays } from './circle-model-arithmetic.ts';
import { startDebit } from './circle-model-rails.ts';
import { applyVerdict, executeAction, releaseVerdict } from './circle-model-release.ts';
import { bankSettles } from './circle-model-settle.ts';
import { sweepStanding } from './circle-model-standing.ts';
import { isOpen, type MDebit, type MGroup, type World } from './circle-model-state.ts';

export type AdvanceCommand = {
  hours: number;
  /** First move on to the newest running circle's due day or payout day (in its zone). */
  to: 'due' | 'payout' | undefined;
  /** Then the bank settles what the due work started. */
  settle: boolean;
  /** Then so many times: a day later, due work again (and the bank settles if `settle`). */
  dayByDay: number;
};

/**
 * Reminders N = 3 days before the due date and once overdue (after due date + grace), once each;
 * none while a bank debit is on its way (it was paid when the debit started, as lateness is judged).
 */
function reminders(w: World, now: Date): number {
  let sent = 0;
  for (const g of w.m.groups) {
    if (g.status !== 'active' || g.frozen) continue;
    const today = localDay(now, g.timeZone);
    for (const c of g.contributions) {
      if (c.status === 'paid' || c.status === 'processing') continue;
      const type =
        today > plusDays(c.dueDate, g.graceOf.get(c.cycle) ?? g.grace)
          ? 'overdue'
          : today >= plusDays(c.dueDate, -3)
            ? 'upcoming'
            : null;
      if (type && !w.m.reminders.has(`${c.id}:${type}`)) {
        w.m.reminders.add(`${c.id}:${type}`);
        sent += 1;
      }
    }
  }
  return sent;
}

/** Auto-payout on the payout date: a release with the circle's threshold, through the safeguards. */
async function autoPayouts(w: World, now: Date, asked: MGroup[]): Promise<number> {
  let released = 0;
  for (const g of w.m.groups) {
    if (g.status !== 'active' || g.frozen || !g.autoPayout) continue;
    const n = g.currentCycle;
    if (localDay(now, g.timeZone) < g.cycles[n - 1]!.payoutOn) continue;
    const release = { cycle: n, percent: g.threshold, delivery: { delivery: 'wallet' as const } };
    const verdict = releaseVerdict(w, g, null, release, false);
    if ('refused' in verdict) {
      w.stats.autoPayoutHeld[verdict.refused] = (w.stats.autoPayoutHeld[verdict.refused] ?? 0) + 1;
      continue;
    }
    if ('ask' in verdict) asked.push(g);
    await applyVerdict(w, g, verdict, null, release, () => -1);
    released += 1;
  }
  return released;
}

/**
 * Auto-pay: an unpaid contribution of a member with auto-pay on is pulled on its due date in the
 * circle's zone; a failed pull is tried again a day after it failed, 1 + retries times in all.
 * Frozen circles take no debits.
 */
function autopayDebits(w: World, now: Date): MDebit[] {
  const started: MDebit[] = [];
  for (const g of w.m.groups) {
    if (g.status !== 'active' || g.frozen) continue;
    for (const c of g.contributions) {
      const schedule = g.schedules.get(c.userId);
      if (c.status !== 'pending' || !schedule || schedule.status === 'inactive') continue;
      const earlier = w.m.debits.filter((d) => d.contributionId === c.id && d.source === 'autopay');
      if (earlier.length >= 1 + g.retries) continue;
      const failed = earlier.filter((d) => d.status === 'failed').at(-1);
      if (!failed ? localDay(now, g.timeZone) < c.dueDate : now.getTime() < failed.settledAt! + DAY_MS)
        continue;
      const bank = w.m.banks.get(c.userId)!.find((b) => b.id === schedule.bankId)!;
      started.push(
        startDebit(w, g, {
          id: -1,
          contributionId: c.id,
          userId: c.userId,
          bankId: bank.id,
          behaviour: bank.behaviour,
          source: 'autopay',
          attempt: earlier.length + 1,
        }),
      );
    }
  }
  return started;
}

/** Approved actions run once nothing holds them back; open ones past their 72 hours expire. */
async function pendingActionsDue(w: World, now: Date) {
  let expired = 0;
  let executed = 0;
  for (const g of w.m.groups)
    for (const a of g.actions.filter(isOpen)) {
      if (a.expiresAt <= now.getTime()) {
        a.status = 'expired';
        expired += 1;
      } else if (a.status === 'approved' && (await executeAction(w, g, a)) === null) executed += 1;
    }
  w.stats.expired += expired;
  w.stats.executedByDueWork += executed;
  return { expired, executed };
}

/** Moves the clock and runs due work (once, or day by day), checking it did what the model expects. */
export async function advance(w: World, cmd: AdvanceCommand, label: string) {
  await onePass(w, cmd, label);
  for (let day = 1; day <= cmd.dayByDay; day++)
    await onePass(w, { hours: 25, to: undefined, settle: cmd.settle, dayByDay: 0 }, `${label} day ${day}`);
}

async function onePass(w: World, cmd: AdvanceCommand, label: string) {
  const { m, r } = w;
  const target = cmd.to ? m.groups.findLast((g) => g.status === 'active' && !g.frozen) : undefined;
  if (target) {
    const cycle = target.cycles[target.currentCycle - 1]!;
    const day = cmd.to === 'due' ? cycle.dueOn : cycle.payoutOn;
    for (let i = 0; i < 24 * 60 && localDay(r.clock.now(), target.timeZone) < day; i++)
      r.clock.advance(HOUR_MS);
    r.clock.advance((cmd.hours % (cmd.to === 'due' ? 24 : 72)) * HOUR_MS);
  } else r.clock.advance(cmd.hours * HOUR_MS);
  const now = r.clock.now();
  const done = await runDueWork(r.ctx);
  // The same pass in the model, in the server's order (reminders, payouts, debits, actions).
  const sent = reminders(w, now);
  const memberStatusChanges = sweepStanding(w);
  const asked: MGroup[] = [];
  const payouts = await autoPayouts(w, now, asked);
  const debits = autopayDebits(w, now);
  const actions = await pendingActionsDue(w, now);
  expect(done, `${label}: due work`).toEqual({
    reminders: sent,
    memberStatusChanges,
    payouts,
    withdrawals: 0,
    debits: debits.length,
    ...actions,
    // The model's circles send no phone or postal codes, so none are left to blank.
    codesRemoved: 0,
    // Nobody in the model turns the monthly statement on.
    statements: 0,
    // Product events are not modelled; a long sequence may outlive their 13 months.
    productEventsDeleted: expect.any(Number),
  });
  await adoptIds(w, debits, asked);
  w.stats.reminders += sent;
  w.stats.autoPayouts += payouts;
  w.stats.debitsAutopay += debits.length;
  if (cmd.settle) await bankSettles(w, `${label} settle`);
}

/**
 * The rows due work created get the database's ids: debits by their contribution (one in flight
 * each), and queue in id order, which is the order their outcomes were queued; requests for
 * approval by their circle (one per pass).
 */
async function adoptIds(w: World, debits: MDebit[], asked: MGroup[]) {
  const { m, r } = w;
  if (debits.length > 0) {
    const known = Math.max(0, ...m.debits.filter((d) => d.id > 0).map((d) => d.id));
    const rows = await r.db
      .select({ id: bankDebits.id, contributionId: bankDebits.contributionId })
      .from(bankDebits)
      .where(gt(bankDebits.id, known))
      .orderBy(bankDebits.id);
    expect(rows.length, 'auto-pay debits started').toBe(debits.length);
    for (const row of rows) {
      const debit = debits.find((d) => d.contributionId === row.contributionId)!;
      debit.id = row.id;
      m.events.push({ kind: 'debit', debit });
    }
  }
  if (asked.length > 0) {
    const known = Math.max(0, ...m.groups.flatMap((g) => g.actions.filter((a) => a.id > 0).map((a) => a.id)));
    const rows = await r.db
      .select({ id: pendingActions.id, groupId: pendingActions.groupId })
      .from(pendingActions)
      .where(and(gt(pendingActions.id, known), eq(pendingActions.type, 'release_escrow')));
    expect(rows.length, 'release requests by due work').toBe(asked.length);
    for (const g of asked)
      g.actions.find((a) => a.id === -1 && a.type === 'release_escrow')!.id = rows.find(
        (x) => x.groupId === g.id,
      )!.id;
  }
}
