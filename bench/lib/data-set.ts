// The large data set for bench/data.ts: users, circles, memberships, cycles, contributions,
// payouts and their ledger (accounts with cached balances, transfers, entries), generated with
// bulk `insert … select generate_series(…)` statements in one transaction, on either engine.
//
// Shape (deterministic; `g` = circle number, ids start after the demo data's):
// - users `bench1` … `bench<N>`, password hash copied from the demo user (so the demo password works);
// - circles of 10–20 members: every 10th recruiting (half full, no cycles), 2 in 10 completed, the
//   rest active at a cycle between 1 and their size; weekly, bi-weekly or monthly; the current
//   cycle is due in 4–6 days (so the reminder worker has nothing to send);
// - members are spread over the users by a stride, ~3 circles each;
// - every past cycle: all members paid (4% late, penalty paid into the reserve), paid out to its
//   recipient net of the fee; the current cycle: 60% paid, 15% reported, 25% pending;
// - ledger: escrow per cycle, wallet per recipient, reserve per circle with penalties,
//   fee_revenue, external:cash/bank; a transfer with its entries for every paid contribution,
//   payout and penalty; cached balances recomputed from the entries (external accounts keep none:
//   decision 0053).
// - the measured user `bench1` is in circles 1–5 (active, 20 members, cycles 14–18, monthly)
//   and 6–7 (completed): about 100 contributions.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { DEMO_USER } from '#shared/demo.ts';

export const LARGE_DATA_SET = { users: 10_000, groups: 2_000, minContributions: 200_000 };

/** Marks the line that carries the FillReport when the fill runs in a child process. */
export const FILL_REPORT_PREFIX = 'FILL_REPORT ';

/** The generated user the large data set is measured as; password = the demo user's. */
export const MEASURED_USERNAME = 'bench1';

/** Where the measured user sits in the rotation of its circles (circle number → position). */
const MEASURED_SEATS: ReadonlyArray<readonly [number, number]> = [
  [1, 3],
  [2, 19],
  [3, 20],
  [4, 15],
  [5, 8],
  [6, 4],
  [7, 9],
];

type Bases = { ub: number; gb: number; cb: number; tb: number };

/** The statements, in order; `int` values are ours, never user input, so inlining them is safe. */
function statements(b: Bases, users: number, groups: number): Array<{ label: string; text: string }> {
  const { ub, gb, cb, tb } = b;
  // Members are user ub+2 … ub+users (the measured user ub+1 is seated explicitly), by a stride
  // coprime with users-1 so that the 10–20 consecutive slots of a circle are distinct users.
  const spread = users - 1;
  const stride = 7919;
  const seats = MEASURED_SEATS.map(([g, p]) => `(${g}, ${p})`).join(', ');
  return [
    {
      label: 'users',
      text: `
        insert into users (id, username, email, full_name, password_hash, created_at) overriding system value
        select ${ub} + i, 'bench' || i, 'bench' || i || '@bench.savecircle.test', 'Bench User ' || i,
          (select password_hash from users where lower(username) = '${DEMO_USER.username}'),
          now() - interval '1000 days' + i * interval '1 minute'
        from generate_series(1, ${users}) as i`,
    },
    {
      label: 'circle plan',
      text: `
        create temp table bench_groups on commit drop as
        with base as (
          select g,
            case when g <= 5 then 20 when g <= 7 then 12 else 10 + (g * 7) % 11 end as m,
            case when g <= 5 then 'active' when g <= 7 then 'completed'
                 when g % 10 = 0 then 'recruiting' when g % 10 in (1, 2) then 'completed'
                 else 'active' end as status,
            case when g <= 7 then 'monthly' else (array['weekly', 'bi-weekly', 'monthly'])[1 + g % 3] end
              as frequency,
            (array[2500, 5000, 10000, 20000, 25000])[1 + g % 5]::bigint as contribution_cents
          from generate_series(1, ${groups}) as g
        ), timed as (
          select base.*,
            case status when 'active' then (case when g <= 5 then 13 + g else 1 + (g * 13) % m end)
                        when 'completed' then m else 1 end as current_cycle,
            case frequency when 'weekly' then interval '7 days' when 'bi-weekly' then interval '14 days'
                           else interval '1 month' end as period
          from base
        ), dated as (
          select timed.*, ${gb} + g as id,
            case status
              when 'active' then (current_date + (4 + g % 3) - (current_cycle - 1) * period)::date
              when 'completed' then (current_date - (30 + g % 60) - (m - 1) * period)::date
              else current_date + 7 end as first_due,
            case when status = 'recruiting' then m / 2 else m end as n
          from timed
        )
        select dated.*, sum(n) over (order by g) - n as slot0,
          first_due - interval '20 days' as created_at
        from dated`,
    },
    {
      label: 'member plan',
      text: `
        create temp table bench_members on commit drop as
        select bg.id as group_id, bg.g, k,
          case when (bg.g, k) in (${seats}) then ${ub} + 1
               else ${ub} + 2 + ((bg.slot0 + k) * ${stride}) % ${spread} end as user_id,
          case when bg.status = 'recruiting' then null else k end as position,
          bg.status, bg.current_cycle, bg.created_at + k * interval '1 hour' as joined_at
        from bench_groups bg cross join lateral generate_series(1, bg.n) as k`,
    },
    {
      label: 'groups',
      text: `
        insert into groups (id, name, contribution_cents, member_limit, current_members, current_cycle,
          total_cycles, status, created_by, invite_code, frequency, contribution_day, grace_period_days,
          start_date, time_zone, rotation_method, penalty_percentage, auto_payout, created_at,
          activated_at, completed_at) overriding system value
        select bg.id, 'Bench Circle ' || bg.g, bg.contribution_cents, bg.m, bg.n, bg.current_cycle, bg.m,
          bg.status, bm.user_id, 'BENCH' || lpad(bg.g::text, 6, '0'), bg.frequency,
          case when bg.frequency = 'monthly' then extract(day from bg.first_due)
               else extract(dow from bg.first_due) end,
          3, bg.first_due, 'UTC', 'join_order', 5, false, bg.created_at,
          case when bg.status <> 'recruiting' then bg.first_due - interval '1 day' end,
          case when bg.status = 'completed'
               then (bg.first_due + (bg.m - 1) * bg.period)::date + interval '6 days' end
        from bench_groups bg join bench_members bm on bm.group_id = bg.id and bm.k = 1`,
    },
    {
      label: 'group_members',
      text: `
        insert into group_members (group_id, user_id, role, position, has_received_payout, joined_at)
        select group_id, user_id, case when k = 1 then 'admin' else 'member' end, position,
          status = 'completed' or (status = 'active' and position < current_cycle), joined_at
        from bench_members`,
    },
    {
      label: 'cycles',
      text: `
        insert into cycles (group_id, number, recipient_user_id, due_on, payout_on, status, paid_out_at)
        select bg.id, s.num, bm.user_id, d.due, d.due + 3,
          case when bg.status = 'completed' or s.num < bg.current_cycle then 'paid_out'
               when s.num = bg.current_cycle then 'collecting' else 'upcoming' end,
          case when bg.status = 'completed' or s.num < bg.current_cycle
               then least(d.due + interval '6 days', now() - interval '1 hour') end
        from bench_groups bg
          cross join lateral generate_series(1, bg.m) as s(num)
          cross join lateral (select (bg.first_due + (s.num - 1) * bg.period)::date as due) as d
          join bench_members bm on bm.group_id = bg.id and bm.position = s.num
        where bg.status <> 'recruiting'`,
    },
    {
      label: 'contributions',
      text: `
        insert into contributions (id, group_id, cycle, user_id, amount_cents, status, due_date, paid_at,
          payment_method, reference, reported_at, confirmed_by, late, penalty_cents, penalty_status,
          ledger_transfer_id, created_at) overriding system value
        select ${cb} + x.n, x.group_id, x.cycle, x.user_id, x.amount, x.status, x.due,
          case when x.status <> 'paid' then null
               when x.past and x.late then x.due + interval '5 days' + (x.h % 24) * interval '1 hour'
               when x.past then x.due - interval '1 day' + (x.h % 20) * interval '1 hour'
               else now() - (1 + x.h % 48) * interval '1 hour' end,
          case when x.status = 'pending' then 'ach' when x.h % 2 = 0 then 'cash' else 'bank_transfer' end,
          case when x.status <> 'pending' and x.h % 2 = 1 then 'REF-' || x.h end,
          case when x.status = 'reported' then now() - x.h * interval '1 minute' end,
          case when x.status = 'paid' then x.created_by end,
          x.late, case when x.late then x.amount * 5 / 100 else 0 end,
          case when x.late then 'paid' else 'none' end,
          case when x.status = 'paid' then ${tb} + x.n end,
          x.due - interval '7 days'
        from (
          select row_number() over (order by cy.group_id, cy.number, bm.user_id) as n,
            cy.group_id, cy.number as cycle, bm.user_id, g.contribution_cents as amount, g.created_by,
            cy.due_on as due, h.h, cy.status = 'paid_out' as past,
            cy.status = 'paid_out' and (g.status = 'completed' or cy.number <= g.current_cycle - 2)
              and h.h % 25 = 0 as late,
            case when cy.status = 'paid_out' or h.h < 60 then 'paid' when h.h < 75 then 'reported'
                 else 'pending' end as status
          from cycles cy
            join groups g on g.id = cy.group_id
            join bench_members bm on bm.group_id = cy.group_id
            cross join lateral (select (bm.user_id * 31 + cy.number * 17 + bm.g * 13) % 100 as h) as h
          where cy.group_id > ${gb} and cy.status <> 'upcoming'
        ) as x`,
    },
    {
      label: 'payouts',
      text: `
        insert into payouts (group_id, cycle, recipient_id, amount_cents, fee_cents, pool_cents,
          reserve_cover_cents, status, scheduled_date, paid_at, processed_by, created_at)
        select cy.group_id, cy.number, cy.recipient_user_id, p.pool - f.fee, f.fee, p.pool, 0, 'paid',
          cy.payout_on, cy.paid_out_at, g.created_by, cy.paid_out_at
        from cycles cy
          join groups g on g.id = cy.group_id
          cross join lateral (select g.contribution_cents * g.member_limit as pool) as p
          -- payoutFeeCents: 2.9% rounded half up, plus 30 cents
          cross join lateral (select (2 * p.pool * 290 + 10000) / 20000 + 30 as fee) as f
        where cy.group_id > ${gb} and cy.status = 'paid_out'`,
    },
    {
      label: 'ledger accounts',
      text: `
        insert into ledger_accounts (key, kind, user_id, group_id, cycle)
        select 'escrow:' || group_id || ':' || number, 'escrow', null::int, group_id, number
          from cycles where group_id > ${gb} and status <> 'upcoming'
        union all
        select distinct 'wallet:' || recipient_id, 'wallet', recipient_id, null::int, null::int
          from payouts where group_id > ${gb}
        union all
        select distinct 'reserve:' || group_id, 'reserve', null::int, group_id, null::int
          from contributions where id > ${cb} and penalty_status = 'paid'
        union all
        select key, kind, null::int, null::int, null::int
          from (values ('external:cash', 'external'), ('external:bank', 'external'),
                       ('fee_revenue', 'fee_revenue')) as fixed(key, kind)
        on conflict (key) do nothing`,
    },
    {
      label: 'contribution transfers',
      text: `
        insert into ledger_transfers (id, idempotency_key, kind, group_id, user_id, memo, created_at)
          overriding system value
        select ledger_transfer_id, 'contribution:' || id, 'contribution', group_id, user_id,
          'Cycle ' || cycle || ' contribution', paid_at
        from contributions where id > ${cb} and status = 'paid'`,
    },
    {
      label: 'sequences',
      text: `
        select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users)),
          setval(pg_get_serial_sequence('groups', 'id'), (select max(id) from groups)),
          setval(pg_get_serial_sequence('contributions', 'id'), (select max(id) from contributions)),
          setval(pg_get_serial_sequence('ledger_transfers', 'id'), (select max(id) from ledger_transfers))`,
    },
    {
      label: 'payout and penalty transfers',
      text: `
        insert into ledger_transfers (idempotency_key, kind, group_id, user_id, memo, created_at)
        select 'payout:' || group_id || ':' || cycle, 'payout', group_id, recipient_id,
          'Cycle ' || cycle || ' payout', paid_at
          from payouts where group_id > ${gb}
        union all
        select 'penalty:' || id, 'penalty', group_id, user_id, 'Late penalty, cycle ' || cycle,
          paid_at + interval '1 hour'
          from contributions where id > ${cb} and penalty_status = 'paid'`,
    },
    {
      label: 'ledger entries',
      text: `
        insert into ledger_entries (transfer_id, account_id, amount_cents)
        select c.ledger_transfer_id, a.id, -c.amount_cents
          from contributions c
          join ledger_accounts a
            on a.key = case when c.payment_method = 'cash' then 'external:cash' else 'external:bank' end
          where c.id > ${cb} and c.status = 'paid'
        union all
        select c.ledger_transfer_id, a.id, c.amount_cents
          from contributions c join ledger_accounts a on a.key = 'escrow:' || c.group_id || ':' || c.cycle
          where c.id > ${cb} and c.status = 'paid'
        union all
        select t.id, a.id, -p.pool_cents
          from payouts p
          join ledger_transfers t on t.idempotency_key = 'payout:' || p.group_id || ':' || p.cycle
          join ledger_accounts a on a.key = 'escrow:' || p.group_id || ':' || p.cycle
          where p.group_id > ${gb}
        union all
        select t.id, a.id, p.amount_cents
          from payouts p
          join ledger_transfers t on t.idempotency_key = 'payout:' || p.group_id || ':' || p.cycle
          join ledger_accounts a on a.key = 'wallet:' || p.recipient_id
          where p.group_id > ${gb}
        union all
        select t.id, a.id, p.fee_cents
          from payouts p
          join ledger_transfers t on t.idempotency_key = 'payout:' || p.group_id || ':' || p.cycle
          join ledger_accounts a on a.key = 'fee_revenue'
          where p.group_id > ${gb}
        union all
        select t.id, a.id, -c.penalty_cents
          from contributions c
          join ledger_transfers t on t.idempotency_key = 'penalty:' || c.id
          join ledger_accounts a
            on a.key = case when c.payment_method = 'cash' then 'external:cash' else 'external:bank' end
          where c.id > ${cb} and c.penalty_status = 'paid'
        union all
        select t.id, a.id, c.penalty_cents
          from contributions c
          join ledger_transfers t on t.idempotency_key = 'penalty:' || c.id
          join ledger_accounts a on a.key = 'reserve:' || c.group_id
          where c.id > ${cb} and c.penalty_status = 'paid'`,
    },
    {
      label: 'cached balances',
      text: `
        update ledger_accounts a set balance_cents = s.total
        from (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) as s
        where s.account_id = a.id and a.kind <> 'external' and a.balance_cents <> s.total`,
    },
  ];
}

export type DataSetCounts = Record<
  | 'users'
  | 'groups'
  | 'group_members'
  | 'cycles'
  | 'contributions'
  | 'payouts'
  | 'ledger_accounts'
  | 'ledger_transfers'
  | 'ledger_entries',
  number
>;

export type FillReport = {
  seconds: number;
  steps: Array<{ label: string; seconds: number }>;
  analyzeSeconds: number | null;
  invariantSeconds: number;
  counts: DataSetCounts;
  measuredUser: {
    username: string;
    id: number;
    groups: number;
    activeGroups: number;
    contributions: number;
    ledgerTransfers: number;
  };
  measuredGroupId: number;
};

/** Both drivers answer execute() with `{ rows }`. */
async function rows<T>(db: Database['db'], text: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows;
}

async function one<T>(db: Database['db'], text: string): Promise<T> {
  const [row] = await rows<T>(db, text);
  if (!row) throw new Error(`no row from: ${text}`);
  return row;
}

const since = (start: number) => (performance.now() - start) / 1000;

/**
 * Adds the large data set to a migrated database that holds the demo data, in one transaction,
 * then (unless `analyze` is false) VACUUM ANALYZE, then checks the ledger's invariants.
 */
export async function fillLargeDataSet(
  database: Database,
  options: { analyze: boolean; log: (line: string) => void },
): Promise<FillReport> {
  const { db } = database;
  const { users, groups, minContributions } = LARGE_DATA_SET;
  const started = performance.now();
  const demo = await rows<{ id: number }>(
    db,
    `select id from users where lower(username) = '${DEMO_USER.username}'`,
  );
  if (demo.length !== 1) throw new Error('the demo user is missing; the server seeds it at start');
  const bases = await one<Record<keyof Bases, string>>(
    db,
    `select (select coalesce(max(id), 0) from users) as ub, (select coalesce(max(id), 0) from groups) as gb,
       (select coalesce(max(id), 0) from contributions) as cb,
       (select coalesce(max(id), 0) from ledger_transfers) as tb`,
  );
  const b: Bases = {
    ub: Number(bases.ub),
    gb: Number(bases.gb),
    cb: Number(bases.cb),
    tb: Number(bases.tb),
  };

  const steps: FillReport['steps'] = [];
  await db.transaction(async (tx) => {
    // Skips the per-row foreign-key triggers (the rows are consistent by construction, and checked
    // below); needs a superuser, as on a developer machine and in PGlite. The append-only triggers
    // guard UPDATE and DELETE only, so nothing else changes.
    const superuser = await rows<{ on: boolean }>(tx, `select current_setting('is_superuser') = 'on' as on`);
    if (superuser[0]?.on) await tx.execute(sql.raw('set local session_replication_role = replica'));
    for (const step of statements(b, users, groups)) {
      const stepStart = performance.now();
      await tx.execute(sql.raw(step.text));
      steps.push({ label: step.label, seconds: since(stepStart) });
    }
  });
  options.log(
    `    generated in ${since(started).toFixed(1)} s (${steps
      .map((s) => `${s.label} ${s.seconds.toFixed(1)}`)
      .join(', ')})`,
  );

  let analyzeSeconds: number | null = null;
  if (options.analyze) {
    const analyzeStart = performance.now();
    await db.execute(sql.raw('vacuum analyze'));
    analyzeSeconds = since(analyzeStart);
    options.log(`    vacuum analyze: ${analyzeSeconds.toFixed(1)} s`);
  }

  const invariantStart = performance.now();
  const problems = await checkLedgerInvariants(db);
  const invariantSeconds = since(invariantStart);
  if (problems.length > 0) throw new Error(`the generated ledger is inconsistent:\n${problems.join('\n')}`);
  options.log(`    ledger invariants hold (checked in ${invariantSeconds.toFixed(1)} s)`);

  const countRow = await one<Record<keyof DataSetCounts, string>>(
    db,
    `select ${[
      'users',
      'groups',
      'group_members',
      'cycles',
      'contributions',
      'payouts',
      'ledger_accounts',
      'ledger_transfers',
      'ledger_entries',
    ]
      .map((table) => `(select count(*) from ${table}) as ${table}`)
      .join(', ')}`,
  );
  const counts = Object.fromEntries(
    Object.entries(countRow).map(([key, value]) => [key, Number(value)]),
  ) as DataSetCounts;
  if (counts.users < users || counts.groups < groups || counts.contributions < minContributions) {
    throw new Error(`the large data set is too small: ${JSON.stringify(counts)}`);
  }

  const measured = await one<{
    id: number;
    groups: string;
    active: string;
    contributions: string;
    transfers: string;
    group_id: number | null;
  }>(
    db,
    `select u.id,
       (select count(*) from group_members m where m.user_id = u.id) as groups,
       (select count(*) from group_members m join groups g on g.id = m.group_id
          where m.user_id = u.id and g.status = 'active') as active,
       (select count(*) from contributions c where c.user_id = u.id) as contributions,
       (select count(*) from ledger_transfers t where t.user_id = u.id) as transfers,
       (select g.id from group_members m join groups g on g.id = m.group_id
          where m.user_id = u.id and g.status = 'active' order by g.current_cycle desc, g.id limit 1) as group_id
     from users u where u.username = '${MEASURED_USERNAME}'`,
  );
  if (measured.group_id === null) throw new Error(`${MEASURED_USERNAME} has no active circle`);
  return {
    seconds: since(started),
    steps,
    analyzeSeconds,
    invariantSeconds,
    counts,
    measuredUser: {
      username: MEASURED_USERNAME,
      id: measured.id,
      groups: Number(measured.groups),
      activeGroups: Number(measured.active),
      contributions: Number(measured.contributions),
      ledgerTransfers: Number(measured.transfers),
    },
    measuredGroupId: measured.group_id,
  };
}
