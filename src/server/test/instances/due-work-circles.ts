import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { linkVerifiedBank } from '../crash/bank-fixture.ts';
import { expectReply } from '../crash/http-client.ts';
import type { ServerProcess } from '../crash/server-process.ts';
import { createCircle, dateAhead, joinOrFail, type Person, signUp } from './people.ts';
import { queryRows, type TwoServers } from './two-servers.ts';

type Db = Database['db'];
const DAY = 86_400_000;
const CIRCLES = 4;
const MEMBERS = 3;
/** Contributions per cycle across the circles: the items of each kind of due work. */
const ITEMS = CIRCLES * MEMBERS;

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number, pollMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await sleep(pollMs);
  }
}

export type DueWorkCircles = Awaited<ReturnType<typeof prepareDueWorkCircles>>;

/**
 * Circles whose every member pays by auto-pay from a verified sandbox bank, with auto-payout on,
 * first contributions due in 10 days: reminders, auto-pay debits and auto-payouts all come due as
 * the servers' test clocks move. The clocks are per process, so the test moves each one itself.
 */
export async function prepareDueWorkCircles(pair: TwoServers, db: Db) {
  const servers = [pair.a, pair.b];
  let nth = 0;
  const next = () => servers[nth++ % 2]!;

  const people: Person[] = [];
  for (let i = 0; i < MEMBERS; i++) people.push(await signUp(next()));
  for (const person of people) await linkVerifiedBank(next().baseUrl, person);
  const ids: number[] = [];
  for (let i = 0; i < CIRCLES; i++) {
    const admin = people[i % MEMBERS]!;
    const circle = await createCircle(next(), admin, {
      memberLimit: MEMBERS,
      autoPayout: true,
      startInDays: 10,
    });
    for (const person of people) if (person !== admin) await joinOrFail(next(), circle, person);
    for (const person of people)
      await expectReply(
        200,
        next().baseUrl,
        'POST',
        `/api/groups/${circle.id}/members/${person.id}/setup-auto-payments`,
        {},
        person.auth,
      );
    ids.push(circle.id);
  }
  const groupIds = sql.raw(ids.join(','));
  const dates = await queryRows<{ number: number; due_on: string; payout_on: string }>(
    db,
    sql`select distinct number, due_on::text, payout_on::text from cycles
        where group_id in (${groupIds}) and number <= 2 order by number`,
  );
  // Same start and settings: every circle's cycle has the same dates.
  expect(dates.map((d) => d.number)).toEqual([1, 2]);
  const cycle = (n: 1 | 2) => dates[n - 1]!;

  /** Days each server's clock has been moved forward. */
  const offset = new Map<ServerProcess, number>(servers.map((s) => [s, 0]));
  const daysUntil = (date: string, server: ServerProcess) =>
    Math.round((Date.parse(date) - Date.parse(dateAhead(offset.get(server)!))) / DAY);
  /** Moves a server's clock; the server runs the due work inline before it answers. */
  async function advance(server: ServerProcess, days: number) {
    offset.set(server, offset.get(server)! + days);
    const reply = await expectReply(200, server.baseUrl, 'POST', '/api/test/clock', { advanceDays: days });
    return reply.json as Record<string, number | string>;
  }
  const advanceBoth = (days: number) => Promise.all(servers.map((s) => advance(s, days)));

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${query}) q`))[0]!.n;
  const reminders = (n: number) =>
    count(sql`select r.id from payment_reminders r join contributions c on c.id = r.contribution_id
              where r.group_id in (${groupIds}) and c.cycle = ${n}`);
  const debits = (n: number) =>
    count(sql`select d.id from bank_debits d join contributions c on c.id = d.contribution_id
              where d.group_id in (${groupIds}) and c.cycle = ${n}`);
  const debitStates = async (n: number) =>
    Object.fromEntries(
      (
        await queryRows<{ status: string; n: number }>(
          db,
          sql`select d.status, count(*)::int as n from bank_debits d join contributions c on c.id = d.contribution_id
              where d.group_id in (${groupIds}) and c.cycle = ${n} group by d.status order by d.status`,
        )
      ).map((r) => [r.status, r.n]),
    );
  const paid = (n: number) =>
    count(
      sql`select id from contributions where group_id in (${groupIds}) and cycle = ${n} and status = 'paid'`,
    );
  const payouts = (n: number) =>
    count(sql`select id from payouts where group_id in (${groupIds}) and cycle = ${n}`);
  const allPaid = (n: number, timeoutMs: number) =>
    until(`cycle ${n}'s debits to settle`, async () => ((await paid(n)) === ITEMS ? true : null), timeoutMs);

  return {
    /** Cycle 1 with both instances moving their clocks at the same moment. */
    async bothAlive() {
      await advanceBoth(daysUntil(cycle(1).due_on, pair.a) - 3);
      expect(await reminders(1), 'reminders three days before').toBe(ITEMS);
      await advanceBoth(3);
      expect(await debits(1), 'auto-pay debits on the due date').toBe(ITEMS);
      await allPaid(1, 30_000);
      await advanceBoth(daysUntil(cycle(1).payout_on, pair.a));
      expect(await payouts(1), 'auto-payouts on the payout date').toBe(CIRCLES);
      // And again, both at once: nothing more happens.
      await advanceBoth(0);
      expect([await reminders(1), await debits(1), await payouts(1)]).toEqual([ITEMS, ITEMS, CIRCLES]);
    },

    /**
     * Cycle 2: A moves its clock to the due date and is SIGKILLed as soon as it has started the
     * cycle's debits; B, the survivor, then moves its clock and finishes the work.
     */
    async killOneMidway() {
      const days = daysUntil(cycle(2).due_on, pair.a);
      const dying = advance(pair.a, days).catch((error: Error) => error);
      await until('A to start the debits', async () => ((await debits(2)) > 0 ? true : null), 30_000, 2);
      await pair.a.kill();
      const atKill = { reminders: await reminders(2), debits: await debitStates(2) };
      await dying;
      await advance(pair.b, days);
      // A day later a debit A wrote but never sent is a minute old: B sends it. It is the payout date too.
      await advance(pair.b, 1);
      await allPaid(2, 60_000);
      await until(
        'cycle 2 to be paid out',
        async () => {
          await advance(pair.b, 0);
          return (await payouts(2)) === CIRCLES ? true : null;
        },
        30_000,
        500,
      );
      console.info(JSON.stringify({ items: ITEMS, doneByAWhenKilled: atKill }));
    },

    /** Anything done twice or not at all in cycles 1 and 2, one line each. */
    async problems(): Promise<string[]> {
      const found = await queryRows<{ problem: string }>(
        db,
        sql`select 'contribution ' || c.id || ' cycle ' || c.cycle || ': ' || c.status
                   || ', reminders ' || (select count(*) from payment_reminders r where r.contribution_id = c.id)
                   || ', debits ' || (select count(*) from bank_debits d where d.contribution_id = c.id)
                   || ', succeeded ' || (select count(*) from bank_debits d where d.contribution_id = c.id and d.status = 'succeeded')
                   || ', transfers ' || (select count(*) from ledger_transfers t where t.idempotency_key = 'contribution:' || c.id)
                   as problem
            from contributions c
            where c.group_id in (${groupIds}) and c.cycle <= 2 and not (
              c.status = 'paid'
              and (select count(*) from payment_reminders r where r.contribution_id = c.id) = 1
              and (select count(*) from bank_debits d where d.contribution_id = c.id) = 1
              and (select count(*) from bank_debits d where d.contribution_id = c.id and d.status = 'succeeded') = 1
              and (select count(*) from ledger_transfers t where t.idempotency_key = 'contribution:' || c.id) = 1)
          union all
          select 'group ' || g.id || ': ' || (select count(*) from payouts p where p.group_id = g.id) || ' payouts, '
                 || (select count(*) from ledger_transfers t where t.group_id = g.id and t.kind = 'payout') || ' payout transfers, '
                 || (select count(*) from notifications n where n.group_id = g.id and n.type = 'payment_due_soon') || ' due-soon notifications'
          from groups g
          where g.id in (${groupIds}) and (
            (select count(*) from payouts p where p.group_id = g.id) <> 2
            or (select count(*) from ledger_transfers t where t.group_id = g.id and t.kind = 'payout') <> 2
            or (select count(*) from notifications n where n.group_id = g.id and n.type = 'payment_due_soon') <> ${2 * MEMBERS})`,
      );
      return found.map((r) => r.problem);
    },
  };
}
