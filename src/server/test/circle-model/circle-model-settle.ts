import { inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import type { PaymentEvent } from '#server/payments/provider.ts';
import { settle } from './circle-model-money.ts';
import { credit, type MDebit, type MEvent, type World } from './circle-model-state.ts';

/**
 * The bank settles: the sandbox's outcomes queued in the job queue are delivered (jobs.drain), and
 * the model applies the same outcomes in the queue's own order.
 */

function debitSettled(w: World, debit: MDebit) {
  const g = w.m.groups.find((x) => x.id === debit.groupId)!;
  const row = g.contributions.find((c) => c.id === debit.contributionId)!;
  const schedule = g.schedules.get(debit.userId);
  debit.settledAt = w.r.clock.now().getTime();
  if (debit.behaviour === 'debit_insufficient_funds') {
    debit.status = 'failed';
    w.stats.debitsFailed += 1;
    if (row.status === 'processing') row.status = 'pending';
    if (debit.source !== 'autopay' || !schedule) return;
    // Each auto-pay failure counts; the last allowed attempt marks auto-pay failed.
    schedule.failureCount += 1;
    if (debit.attempt >= 1 + g.retries) {
      if (schedule.status !== 'inactive') schedule.status = 'failed';
      w.stats.autopayExhausted += 1;
    }
    return;
  }
  debit.status = 'succeeded';
  w.stats.debitsSucceeded += 1;
  // Lateness is judged when the member started paying, not when the bank got round to it.
  settle(w, g, row, 'ach', debit.startedAt);
  if (row.late) w.stats.lateDebits += 1;
  if (schedule && schedule.status !== 'inactive')
    Object.assign(schedule, { status: 'active', failureCount: 0 });
}

function apply(w: World, event: MEvent) {
  if (event.kind === 'debit') return debitSettled(w, event.debit);
  const withdrawal = event.withdrawal;
  if (withdrawal.fails) {
    withdrawal.status = 'failed';
    w.stats.withdrawalsFailed += 1;
    return;
  }
  withdrawal.status = 'completed';
  credit(w.m, withdrawal.userId, -(withdrawal.amountCents + withdrawal.feeCents));
  w.m.bankCents += withdrawal.amountCents;
  w.m.feeCents += withdrawal.feeCents;
  w.stats.withdrawalsCompleted += 1;
}

/** The processor's reference of each event's debit or withdrawal, as the rows have it. */
async function providerRefs(w: World, events: MEvent[]): Promise<Map<MEvent, string>> {
  const debitIds = events.flatMap((e) => (e.kind === 'debit' ? [e.debit.id] : []));
  const withdrawalIds = events.flatMap((e) => (e.kind === 'withdrawal' ? [e.withdrawal.id] : []));
  const [debitRows, withdrawalRows] = await Promise.all([
    debitIds.length
      ? w.r.db
          .select({ id: bankDebits.id, ref: bankDebits.providerRef })
          .from(bankDebits)
          .where(inArray(bankDebits.id, debitIds))
      : [],
    withdrawalIds.length
      ? w.r.db
          .select({ id: withdrawals.id, ref: withdrawals.providerRef })
          .from(withdrawals)
          .where(inArray(withdrawals.id, withdrawalIds))
      : [],
  ]);
  const refs = new Map<MEvent, string>();
  for (const e of events) {
    const row =
      e.kind === 'debit'
        ? debitRows.find((x) => x.id === e.debit.id)
        : withdrawalRows.find((x) => x.id === e.withdrawal.id);
    if (row?.ref) refs.set(e, row.ref);
  }
  return refs;
}

/**
 * The order the queue will deliver the model's events in: pg-boss fetches by (priority, created_on,
 * id), and two outcomes queued within the same millisecond (PGlite's clock resolution) tie on
 * created_on. Rarely does the order matter (two debits settling into a completed circle's reserve),
 * but then the model must follow the queue.
 */
async function queueOrder(w: World, events: MEvent[], refs: Map<MEvent, string>): Promise<MEvent[]> {
  if (events.length < 2) return events;
  const queued = (await w.r.db.execute(sql`
    select data->>'providerRef' as ref from pgboss.job
    where name = 'payment-event' and state in ('created', 'retry')
    order by priority desc, created_on, id`)) as unknown as { rows: { ref: string }[] };
  const position = new Map(queued.rows.map((row, i) => [row.ref, i]));
  const at = (e: MEvent) => position.get(refs.get(e) ?? '') ?? Number.MAX_SAFE_INTEGER;
  return [...events].sort((a, b) => at(a) - at(b));
}

/** The processor's event for an outcome the model has applied (as the sandbox words it). */
function eventFor(e: MEvent, providerRef: string): PaymentEvent {
  const failed = e.kind === 'debit' ? e.debit.status === 'failed' : e.withdrawal.status === 'failed';
  const type =
    e.kind === 'debit'
      ? failed
        ? 'debit.failed'
        : 'debit.succeeded'
      : failed
        ? 'payout.failed'
        : 'payout.paid';
  return type === 'debit.failed' || type === 'payout.failed'
    ? { type, providerRef, failureCode: 'replayed', failureMessage: 'The same event, delivered again' }
    : { type, providerRef };
}

/**
 * The bank settles: every queued processor outcome is delivered through the job queue. With
 * `replay`, the processor then sends the same events again (webhooks arrive twice): nothing changes.
 */
export async function bankSettles(w: World, label: string, replay = false) {
  const refs = await providerRefs(w, w.m.events);
  const events = await queueOrder(w, w.m.events, refs);
  w.m.events = [];
  const delivered = await w.r.jobs.drain({ only: ['payment-event'], includeDelayed: true });
  expect(delivered, `${label}: events delivered`).toBe(events.length);
  for (const event of events) apply(w, event);
  w.stats.eventsDelivered += delivered;
  if (!replay || events.length === 0) return;
  for (const event of events) await w.r.jobs.enqueue('payment-event', eventFor(event, refs.get(event)!));
  // includeDelayed: the embedded database's clock has millisecond steps, and pg-boss takes only jobs
  // whose start is strictly before now().
  const replayed = await w.r.jobs.drain({ only: ['payment-event'], includeDelayed: true });
  expect(replayed, `${label}: replayed`).toBe(events.length);
  w.stats.eventsReplayed += events.length;
}
