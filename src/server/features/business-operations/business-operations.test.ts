import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userVerifications, withdrawals } from '#server/db/schema.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import {
  activeCircle,
  DAY,
  everyonePaysCash,
  type Person,
  settle,
  verifiedBank,
} from '#server/test/circles.ts';
import { typicalGroupSettings } from '#server/test/group-settings-body.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { payoutFeeCents } from '#shared/money.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** A sum or count computed by the test's own SQL. */
async function one(t: App, query: ReturnType<typeof sql>) {
  const result = (await t.db.execute(query)) as unknown as { rows: { v: unknown }[] };
  return Number(result.rows[0]?.v ?? 0);
}

/** Minimal RFC 4180 reader: the blocks of the export, by title. */
function parseCsv(text: string) {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  const blocks = new Map<string, string[][]>();
  let current: string[][] | null = null;
  for (const line of rows) {
    if (line.length === 1 && line[0] === '') current = null;
    else if (current) current.push(line);
    else {
      current = [];
      blocks.set(line[0]!, current);
    }
  }
  return blocks;
}

describe.each(testEngines)('business operations on %s', (engine) => {
  let t: App;
  let operator: Person;
  let member: Person;
  const windows = { current: { from: '', to: '' }, previous: { from: '', to: '' } };
  /** What the scenario did, in cents. */
  const did = {
    previousContributions: 0,
    contributions: 0,
    pool: 0,
    fee: 0,
    withdrawal: 0,
    withdrawalFee: 0,
    cover: 0,
  };
  let withdrawalId = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
    operator = await signUp(t.app);
    await t.db.update(users).set({ isOperator: true }).where(eq(users.id, operator.id));

    // The previous month: circle A's first cycle, paid in cash.
    const a = await activeCircle(t, 3, { contributionAmount: '50.00' });
    await everyonePaysCash(t, a.admin, a.groupId, a.members);
    did.previousContributions = 3 * 5000;
    t.clock.advance(40 * DAY);

    // This month: circle B, with a 10% emergency fund, pays in, pays out, and its recipient withdraws.
    const admin = await signUp(t.app);
    const firstDue = new Date(t.clock.now().getTime() + 4 * DAY);
    const created = await post(
      t.app,
      '/api/groups',
      {
        name: 'Harbor susu',
        contributionAmount: '100.00',
        memberLimit: 3,
        contributionDay: firstDue.getUTCDate(),
        startDate: firstDue.toISOString().slice(0, 10),
      },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    const settings = { ...typicalGroupSettings, emergencyFundPercentage: 10 };
    expect((await put(t.app, `/api/groups/${group.id}/settings`, settings, admin.auth)).statusCode).toBe(200);
    const members = [admin];
    for (let i = 0; i < 2; i++) {
      const joiner = await signUp(t.app);
      const joined = await post(
        t.app,
        `/api/groups/${group.id}/join`,
        { inviteCode: group.inviteCode },
        joiner.auth,
      );
      expect(joined.statusCode, joined.body).toBe(200);
      members.push(joiner);
    }
    member = members[1]!;
    await everyonePaysCash(t, admin, group.id, members);
    did.contributions = 3 * 10_000;
    const paid = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId: group.id, cycleNumber: 1 },
      admin.auth,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    did.pool = 3 * 9_000;
    did.fee = payoutFeeCents(did.pool);
    const [cycle] = (
      (await t.db.execute(
        sql`select recipient_user_id as r from cycles where group_id = ${group.id} and number = 1`,
      )) as unknown as {
        rows: { r: number }[];
      }
    ).rows;
    const recipient = members.find((m) => m.id === Number(cycle!.r))!;
    // The reserve covers part of a cycle (posted by the test as the payout would).
    did.cover = 1_000;
    await postTransfer(t.db, {
      idempotencyKey: `test-reserve-cover:${group.id}`,
      kind: 'reserve_cover',
      groupId: group.id,
      at: t.clock.now(),
      legs: [
        { account: { kind: 'reserve', groupId: group.id }, amountCents: -did.cover },
        { account: { kind: 'escrow', groupId: group.id, cycle: 2 }, amountCents: did.cover },
      ],
    });
    await verifiedBank(t, recipient.id);
    const requested = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'instant', amount: '100.00' },
      recipient.auth,
    );
    expect(requested.statusCode, requested.body).toBe(201);
    withdrawalId = requested.json().withdrawal.id;
    await settle(t);
    did.withdrawal = 10_000;
    did.withdrawalFee = 150;
    // One member proves their identity.
    await t.db.insert(userVerifications).values({
      userId: admin.id,
      identityStatus: 'verified',
      identityVerifiedAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });

    // Circle C: nobody pays its first cycle, and its grace period passes.
    await activeCircle(t, 3);
    t.clock.advance(10 * DAY);
    const now = t.clock.now().getTime();
    windows.current = { from: new Date(now - 30 * DAY).toISOString(), to: new Date(now).toISOString() };
    windows.previous = { from: new Date(now - 60 * DAY).toISOString(), to: windows.current.from };
  });
  afterAll(() => t.close());

  const between = (column: string, w: { from: string; to: string }) =>
    sql.raw(`(${column} >= '${w.from}'::timestamptz and ${column} < '${w.to}'::timestamptz)`);

  it('answers members 403 and a bad period 400', async () => {
    for (const url of ['overview', 'financial', 'compliance', 'risk', 'export.csv'])
      expect((await get(t.app, `/api/operations/${url}?period=month`, member.auth)).statusCode).toBe(403);
    expect((await get(t.app, '/api/operations/statement.csv?month=2026-04', member.auth)).statusCode).toBe(
      403,
    );
    const bad = await get(t.app, '/api/operations/financial?period=decade', operator.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'period', message: 'Invalid input' });
    expect((await get(t.app, '/api/operations/statement.csv?month=2026-13', operator.auth)).statusCode).toBe(
      400,
    );
  });

  it('shows the financial figures of the month against the month before, from the ledger', async () => {
    const reply = await get(t.app, '/api/operations/financial?period=month', operator.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.windows).toEqual(windows);
    const walletsNow = await one(
      t,
      sql`select coalesce(sum(balance_cents), 0) as v from ledger_accounts where kind = 'wallet'`,
    );
    expect(walletsNow).toBe(did.pool - did.fee - did.withdrawal - did.withdrawalFee);
    expect(body.current).toEqual({
      contributionsCents: did.contributions,
      contributionsCount: 3,
      payoutsCents: did.pool,
      payoutsCount: 1,
      feeRevenueCents: did.fee + did.withdrawalFee,
      walletsHeldCents: walletsNow,
      reserveCoverCents: did.cover,
      reserveCoverCount: 1,
      withdrawalsCents: did.withdrawal,
      withdrawalFeesCents: did.withdrawalFee,
    });
    expect(body.previous).toMatchObject({
      contributionsCents: did.previousContributions,
      contributionsCount: 3,
      payoutsCents: 0,
      feeRevenueCents: 0,
      walletsHeldCents: 0,
      reserveCoverCents: 0,
      withdrawalsCents: 0,
    });
    // The fee account's own entries, by the transfer that earned them.
    const payoutFees = await one(
      t,
      sql`select sum(e.amount_cents) as v from ledger_entries e join ledger_transfers tr on tr.id = e.transfer_id
        join ledger_accounts a on a.id = e.account_id where a.kind = 'fee_revenue' and tr.kind = 'payout'`,
    );
    expect(payoutFees).toBe(did.fee);
    expect(body.feesByKind).toEqual([
      { kind: 'payout', current: did.fee, previous: 0 },
      { kind: 'withdrawal', current: did.withdrawalFee, previous: 0 },
    ]);
    expect(body.withdrawalsByMethod).toEqual([
      {
        method: 'instant',
        count: 1,
        amountCents: did.withdrawal,
        feeCents: did.withdrawalFee,
        previousCount: 0,
        previousAmountCents: 0,
      },
    ]);
    expect(body.reconciliation).toEqual({
      settledCount: 1,
      providerCents: did.withdrawal,
      ledgerCents: did.withdrawal,
      differenceCents: 0,
      differences: [],
    });
  });

  it('lists a reconciliation difference when the provider settled another amount than the ledger moved', async () => {
    await t.db
      .update(withdrawals)
      .set({ amountCents: did.withdrawal + 500 })
      .where(eq(withdrawals.id, withdrawalId));
    try {
      const body = (await get(t.app, '/api/operations/financial?period=month', operator.auth)).json();
      expect(body.reconciliation).toMatchObject({
        settledCount: 1,
        providerCents: did.withdrawal + 500,
        ledgerCents: did.withdrawal,
        differenceCents: 500,
      });
      expect(body.reconciliation.differences).toEqual([
        expect.objectContaining({
          source: 'withdrawal',
          id: withdrawalId,
          providerCents: did.withdrawal + 500,
          ledgerCents: did.withdrawal,
          differenceCents: 500,
        }),
      ]);
    } finally {
      await t.db
        .update(withdrawals)
        .set({ amountCents: did.withdrawal })
        .where(eq(withdrawals.id, withdrawalId));
    }
  });

  it('shows verification coverage, unverified money movers and audit activity', async () => {
    const body = (await get(t.app, '/api/operations/compliance?period=month', operator.auth)).json();
    const members = await one(t, sql`select count(*) as v from users where not is_operator`);
    expect(body.members).toBe(members);
    const identity = body.coverage.find((c: { check: string }) => c.check === 'identity');
    expect(identity).toEqual({
      check: 'identity',
      verified: 1,
      pending: 0,
      failed: 0,
      notStarted: members - 1,
    });
    const bank = body.coverage.find((c: { check: string }) => c.check === 'bank');
    expect(bank.verified).toBe(1);
    expect(body.labels).toEqual({ certified: 0, compliant: 1, in_review: 0, action_needed: members - 1 });
    for (const [key, w] of [
      ['current', windows.current],
      ['previous', windows.previous],
    ] as const) {
      const audit = await one(t, sql`select count(*) as v from audit_log where ${between('at', w)}`);
      const moved = await one(
        t,
        sql`select coalesce(sum(e.amount_cents), 0) as v from ledger_entries e join ledger_transfers tr on tr.id = e.transfer_id
          where e.amount_cents > 0 and tr.kind in ('contribution', 'withdrawal') and ${between('tr.created_at', w)}
          and not exists (select 1 from user_verifications v where v.user_id = tr.user_id and v.identity_status = 'verified')`,
      );
      expect(body[key].auditEvents).toBe(audit);
      expect(body[key].unverifiedMovedCents).toBe(moved);
    }
    // B's two unverified members paid 100.00 each; the recipient (if unverified) also withdrew 101.50.
    expect(body.current.unverifiedMovedCents).toBeGreaterThanOrEqual(20_000);
    expect(body.previous).toMatchObject({
      unverifiedMovers: 3,
      unverifiedMovedCents: did.previousContributions,
    });
    expect(body.current.verificationsCompleted).toBe(2);
    expect(body.previous.verificationsCompleted).toBe(0);
    expect(body.auditActivity.length).toBeGreaterThan(0);
  });

  it('ranks the members and circles at risk and counts the defaults of each period', async () => {
    const body = (await get(t.app, '/api/operations/risk?period=month', operator.auth)).json();
    for (const [key, w] of [
      ['current', windows.current],
      ['previous', windows.previous],
    ] as const) {
      const deadline = `((c.due_date + c.grace_days + 1)::timestamp at time zone 'UTC')`;
      const missed = await one(
        t,
        sql`select count(*) as v from contributions c where ${between(deadline, w)}
          and (c.paid_at is null or c.paid_at >= ${sql.raw(deadline)})`,
      );
      expect(body[key].missedPayments).toBe(missed);
      expect(body[key].penaltiesCharged).toBe(
        await one(t, sql`select count(*) as v from default_penalties where ${between('applied_at', w)}`),
      );
    }
    // Circle C's three members each owe their first contribution: one overdue each, medium.
    expect(body.current.missedPayments).toBeGreaterThanOrEqual(3);
    const c = body.circles.find((x: { name: string; overdueMembers: number }) => x.overdueMembers === 3);
    expect(c).toMatchObject({ level: 'high', members: 3, frozen: false });
    const overdue = body.members.filter((m: { overdue: number }) => m.overdue > 0);
    expect(overdue.length).toBeGreaterThanOrEqual(3);
    for (const m of overdue) expect(m.level).toBe(m.overdue >= 2 ? 'high' : 'medium');
  });

  it('compares the KPI cards with the previous period', async () => {
    const body = (await get(t.app, '/api/operations/overview?period=month', operator.auth)).json();
    const kpi = (key: string) => body.kpis.find((k: { key: string }) => k.key === key);
    expect(kpi('contributions')).toEqual({
      key: 'contributions',
      unit: 'cents',
      current: did.contributions,
      previous: did.previousContributions,
    });
    expect(kpi('feeRevenue')).toMatchObject({ current: did.fee + did.withdrawalFee, previous: 0 });
    expect(kpi('withdrawals')).toMatchObject({ current: did.withdrawal, previous: 0 });
    // A year holds both months.
    const year = (await get(t.app, '/api/operations/overview?period=year', operator.auth)).json();
    expect(year.kpis.find((k: { key: string }) => k.key === 'contributions').current).toBe(
      did.contributions + did.previousContributions,
    );
  });

  it('exports every table of the page as one CSV, and a calendar month as a statement', async () => {
    const reply = await get(t.app, '/api/operations/export.csv?period=month', operator.auth);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/csv');
    const blocks = parseCsv(reply.body);
    expect([...blocks.keys()]).toEqual([
      'Period',
      'KPIs',
      'Financial',
      'Fee revenue by kind',
      'Withdrawals by method',
      'Reconciliation',
      'Reconciliation differences',
      'Verification coverage',
      'Compliance labels',
      'Compliance',
      'Money moved without verified identity',
      'Audit-log activity',
      'Risk',
      'Members at risk',
      'Circles at risk',
      'Support tickets',
      'Funnel',
      'Product events',
    ]);
    // The support tab's and the funnel's tables say what their own routes say.
    const support = (await get(t.app, '/api/operations/support/metrics?period=month', operator.auth)).json();
    expect(blocks.get('Support tickets')!.find((r) => r[0] === 'received in period')).toEqual([
      'received in period',
      String(support.received),
    ]);
    const funnel = (await get(t.app, '/api/operations/funnel?period=month', operator.auth)).json();
    expect(funnel.steps[0].users).toBeGreaterThan(0);
    expect(
      blocks
        .get('Funnel')!
        .slice(1)
        .map((r) => [r[0], Number(r[1])]),
    ).toEqual(funnel.steps.map((s: { step: string; users: number }) => [s.step, s.users]));
    const financial = blocks.get('Financial')!;
    expect(financial[0]).toEqual(['figure', 'current', 'previous', 'change']);
    expect(financial.find((r) => r[0] === 'contributionsCents')).toEqual([
      'contributionsCents',
      '300.00',
      '150.00',
      '150.00',
    ]);
    expect(blocks.get('Withdrawals by method')![1]).toEqual(['instant', '1', '100.00', '1.50', '0', '0.00']);

    // April holds circle B; March holds circle A.
    const statement = await get(t.app, '/api/operations/statement.csv?month=2026-04', operator.auth);
    expect(statement.statusCode).toBe(200);
    const april = parseCsv(statement.body);
    expect(april.get('Period')![1]).toEqual([
      'current',
      '2026-04-01T00:00:00.000Z',
      '2026-05-01T00:00:00.000Z',
    ]);
    expect(april.get('Financial')!.find((r) => r[0] === 'contributionsCents')).toEqual([
      'contributionsCents',
      '300.00',
      '150.00',
      '150.00',
    ]);
  });
});
