import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, emailOutbox, payouts, users } from '#server/db/schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { activeCircle, DAY, everyonePaysCash, type Person } from '#server/test/circles.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

const cents = (amount: string) => Math.round(Number(amount) * 100);
const monthIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(at).slice(0, 7);
const monthBefore = (at: Date, timeZone: string) => {
  const [year, month] = monthIn(at, timeZone).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 2, 15)).toISOString().slice(0, 7);
};

describe.each(testEngines)('/analytics on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let member: Person;
  let market: number;
  let harbor: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
    // 20:00 UTC on the last day of February is already March in Tokyo: months must be the member's.
    t.clock.advance(-16 * 3_600_000);
    // Two circles the member is in: the first is paid and paid out; the second waits for payments.
    const first = await activeCircle(t, 3);
    member = first.members[1]!;
    market = first.groupId;
    await everyonePaysCash(t, first.admin, market, first.members);
    const payout = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId: market, cycleNumber: 1 },
      first.admin.auth,
    );
    expect(payout.statusCode, payout.body).toBe(200);
    // The member runs a second circle, paid by the others only: theirs is pending.
    const created = await post(
      t.app,
      '/api/groups',
      { name: 'Harbor Savings', contributionAmount: '40.00', memberLimit: 3, gracePeriodDays: 0 },
      member.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    harbor = created.json().id;
    const others = [await signUp(t.app), await signUp(t.app)];
    for (const other of others) {
      const joined = await post(
        t.app,
        `/api/groups/${harbor}/join`,
        { inviteCode: created.json().inviteCode },
        other.auth,
      );
      expect(joined.statusCode, joined.body).toBe(200);
    }
    await everyonePaysCash(t, member, harbor, others);
    // The member's months are Tokyo's.
    await t.db.update(users).set({ timeZone: 'Asia/Tokyo' }).where(eq(users.id, member.id));
  });
  afterAll(() => t.close());

  it('serves only one’s own contributions: another user’s id is refused', async () => {
    const other = await signUp(t.app);
    expect((await get(t.app, `/api/user/${other.id}/contributions`, member.auth)).statusCode).toBe(403);
    expect((await get(t.app, `/api/user/${member.id}/contributions`)).statusCode).toBe(401);
    const mine = (await get(t.app, `/api/user/${member.id}/contributions`, member.auth)).json();
    const rows = await t.db.select().from(contributions).where(eq(contributions.userId, member.id));
    expect(mine.total).toBe(rows.length);
    expect(mine.contributions.map((c: { id: number }) => c.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const paid = mine.contributions.find((c: { status: string }) => c.status === 'paid');
    expect(paid).toMatchObject({
      groupId: market,
      groupName: 'Market street susu',
      amount: '100.00',
      cycle: 1,
    });
    expect(paid.paidDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(paid.method).toBe('cash');
    const otherOnes = (await get(t.app, `/api/user/${other.id}/contributions`, other.auth)).json();
    expect(otherOnes).toEqual({ contributions: [], page: 1, pageSize: 20, total: 0 });
  });

  it('filters by status and by a case-insensitive part of the circle’s name, and pages within bounds', async () => {
    const list = async (query: string) => {
      const reply = await get(t.app, `/api/user/${member.id}/contributions?${query}`, member.auth);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json();
    };
    const all = await list('status=all');
    const paid = await list('status=paid');
    const pending = await list('status=pending');
    expect(paid.contributions.every((c: { status: string }) => c.status === 'paid')).toBe(true);
    expect(pending.contributions.every((c: { status: string }) => c.status === 'pending')).toBe(true);
    expect(paid.total).toBeGreaterThan(0);
    expect(pending.total).toBeGreaterThan(0);
    expect(paid.total + pending.total).toBe(all.total);

    const inMarket = await list('search=MARKET%20str');
    expect(inMarket.total).toBeGreaterThan(0);
    expect(inMarket.contributions.every((c: { groupId: number }) => c.groupId === market)).toBe(true);
    const inHarbor = await list('search=bor%20sav&status=pending');
    expect(inHarbor.contributions).toEqual([
      expect.objectContaining({
        groupId: harbor,
        groupName: 'Harbor Savings',
        amount: '40.00',
        status: 'pending',
      }),
    ]);
    expect((await list('search=nothing-like-this')).total).toBe(0);

    // Past the due date and the grace days, the unpaid ones are late.
    t.clock.advance(45 * DAY);
    const late = await list('status=late');
    expect(late.total).toBe(pending.total);
    expect((await list('status=pending')).total).toBe(0);
    t.clock.advance(-45 * DAY);

    const first = await list('pageSize=1&page=1');
    const second = await list('pageSize=1&page=2');
    expect(first.contributions).toHaveLength(1);
    expect(first.total).toBe(all.total);
    expect(second.contributions[0]?.id).not.toBe(first.contributions[0]?.id);
    for (const bad of ['pageSize=101', 'pageSize=0', 'page=0', 'status=overdue', `search=${'x'.repeat(81)}`])
      expect((await get(t.app, `/api/user/${member.id}/contributions?${bad}`, member.auth)).statusCode).toBe(
        400,
      );
  });

  it('sums the figures from the member’s records, in their time zone', async () => {
    const reply = await get(t.app, '/api/user/analytics', member.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    const report = reply.json();
    const paid = (await t.db.select().from(contributions).where(eq(contributions.userId, member.id))).filter(
      (c) => c.status === 'paid',
    );
    const received = (await t.db.select().from(payouts).where(eq(payouts.recipientId, member.id))).filter(
      (p) => p.status === 'paid',
    );
    const paidCents = paid.reduce((sum, c) => sum + c.amountCents, 0);
    const receivedCents = received.reduce((sum, p) => sum + p.amountCents, 0);
    expect(report.period).toBe('Last 6 months');
    expect(report.timeZone).toBe('Asia/Tokyo');
    expect(cents(report.summary.totalContributed)).toBe(paidCents);
    expect(cents(report.summary.totalReceived)).toBe(receivedCents);
    expect(cents(report.summary.net)).toBe(receivedCents - paidCents);
    expect(report.summary.contributionsPaid).toBe(paid.length);
    expect(report.summary.paidLate).toBe(paid.filter((c) => c.late).length);
    expect(report.summary.onTimeRate).toBe(
      Math.round((paid.filter((c) => !c.late).length / paid.length) * 100),
    );
    expect(report.months).toHaveLength(6);
    const thisMonth = monthIn(t.clock.now(), 'Asia/Tokyo');
    expect(report.months.at(-1).month).toBe(thisMonth);
    for (const m of report.months) {
      const inMonth = paid.filter((c) => monthIn(c.paidAt!, 'Asia/Tokyo') === m.month);
      expect(cents(m.contributed)).toBe(inMonth.reduce((sum, c) => sum + c.amountCents, 0));
      const outMonth = received.filter((p) => monthIn(p.paidAt ?? p.createdAt, 'Asia/Tokyo') === m.month);
      expect(cents(m.received)).toBe(outMonth.reduce((sum, p) => sum + p.amountCents, 0));
    }
    expect(cents(report.months.at(-1).cumulative)).toBe(paidCents);
    const byCircle = new Map<number, { paidIn: number; received: number }>();
    for (const c of paid) {
      const e = byCircle.get(c.groupId) ?? { paidIn: 0, received: 0 };
      byCircle.set(c.groupId, { ...e, paidIn: e.paidIn + c.amountCents });
    }
    for (const p of received) {
      const e = byCircle.get(p.groupId) ?? { paidIn: 0, received: 0 };
      byCircle.set(p.groupId, { ...e, received: e.received + p.amountCents });
    }
    expect(
      new Map(
        report.circles.map((c: { groupId: number; paidIn: string; received: string }) => [
          c.groupId,
          { paidIn: cents(c.paidIn), received: cents(c.received) },
        ]),
      ),
    ).toEqual(byCircle);
    expect(report.goal).toEqual({
      target: '5000.00',
      monthly: '500.00',
      isDefault: true,
      totalSaved: report.months.at(-1).cumulative,
    });

    const csv = await get(t.app, '/api/user/analytics/report.csv', member.auth);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/analytics-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.body).toContain(`Total contributed,${report.summary.totalContributed}\r\n`);
    expect(csv.body).toContain(`Total received,${report.summary.totalReceived}\r\n`);
  });

  it('writes a statement for a bounded period as CSV', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    const from = new Date(t.clock.now().getTime() - 30 * DAY).toISOString().slice(0, 10);
    const until = new Date(t.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    const reply = await get(t.app, `/api/user/analytics/statement.csv?from=${from}&to=${until}`, member.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    const lines = reply.body.split('\r\n');
    expect(lines.filter((l) => l.includes(',contribution,Market street susu,1,100.00,no,cash'))).toHaveLength(
      1,
    );
    const report = (await get(t.app, '/api/user/analytics', member.auth)).json();
    expect(reply.body).toContain(`Total contributed,${report.summary.totalContributed}\r\n`);
    // Nothing before the member's records.
    const empty = await get(
      t.app,
      '/api/user/analytics/statement.csv?from=2020-01-01&to=2020-12-31',
      member.auth,
    );
    expect(empty.body).toContain('Total contributed,0.00\r\n');
    for (const bad of [
      `from=${today}&to=2020-01-01`,
      'from=2020-01-01&to=2022-02-01',
      'from=2020-02-30&to=2020-03-01',
    ])
      expect((await get(t.app, `/api/user/analytics/statement.csv?${bad}`, member.auth)).statusCode).toBe(
        400,
      );
  });

  it('writes the CSV files’ labels and headings in the member’s language, the figures alike', async () => {
    const from = new Date(t.clock.now().getTime() - 30 * DAY).toISOString().slice(0, 10);
    const until = new Date(t.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    const csv = async (path: string) => {
      const reply = await get(t.app, path, member.auth);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.body.split('\r\n');
    };
    const statement = `/api/user/analytics/statement.csv?from=${from}&to=${until}`;
    // The member reads Arabic: their files do too, unless the page asks for another language.
    await t.db.update(users).set({ language: 'ar' }).where(eq(users.id, member.id));
    try {
      const ar = await csv(statement);
      const en = await csv(`${statement}&lang=en`);
      expect(en[1]).toBe('Date,Type,Circle,Cycle,Amount,Late,Method');
      expect(ar[1]).toBe('التاريخ,النوع,الدائرة,الدورة,المبلغ,متأخرة,طريقة الدفع');
      expect(ar[0]).toBe(`كشف الحساب,${from},${until}`);
      // Every movement line the same; the totals' figures the same under translated labels.
      const entries = (lines: string[]) => lines.slice(2, lines.indexOf(''));
      expect(entries(ar)).toEqual(entries(en));
      expect(entries(en).length).toBeGreaterThan(0);
      const figures = (lines: string[]) => lines.map((l) => l.split(',').slice(1).join(','));
      expect(figures(ar.slice(2))).toEqual(figures(en.slice(2)));
      expect(ar.at(-2)).toMatch(/^الغرامات المدفوعة,\d+\.\d{2}$/);

      const reportAr = await csv('/api/user/analytics/report.csv');
      const reportEn = await csv('/api/user/analytics/report.csv?lang=en');
      const headings = {
        en: ['Month,Contributed,Cumulative,Received,Paid on time,Paid late', 'Circle,Paid in,Received'],
        ar: ['الشهر,المساهمات,التراكمي,المستلَم,مدفوعة في الموعد,مدفوعة متأخرة', 'الدائرة,المدفوع,المستلَم'],
      };
      for (const heading of headings.en) expect(reportEn).toContain(heading);
      for (const heading of headings.ar) expect(reportAr).toContain(heading);
      expect(reportAr[0]).toBe('الفترة,آخر 6 أشهر');
      // Apart from the labels and headings, every figure is the same (Generated is the same instant).
      const rows = (lines: string[], skip: string[]) =>
        figures(lines.slice(1).filter((l) => !skip.includes(l)));
      expect(rows(reportAr, headings.ar)).toEqual(rows(reportEn, headings.en));
      expect((await get(t.app, '/api/user/analytics/report.csv?lang=xx', member.auth)).statusCode).toBe(400);
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, member.id));
    }
  });

  it('queues the monthly statement once per month, only while turned on', async () => {
    const on = await signUp(t.app);
    const off = await signUp(t.app);
    // Turned on, then the account is deleted: the placeholder address gets nothing.
    const gone = await signUp(t.app);
    await put(t.app, '/api/user/report-schedules/monthly_statement', { active: true }, gone.auth);
    const deleted = await post(t.app, '/api/account/delete', { password: 'violet-harbor-2931' }, gone.auth);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const schedules = (await get(t.app, '/api/user/report-schedules', on.auth)).json();
    expect(schedules).toEqual({
      schedules: [{ kind: 'monthly_statement', active: false, lastSentPeriod: null }],
    });
    const turned = await put(
      t.app,
      '/api/user/report-schedules/monthly_statement',
      { active: true },
      on.auth,
    );
    expect(turned.statusCode, turned.body).toBe(200);
    expect(turned.json().schedule).toEqual({ kind: 'monthly_statement', active: true, lastSentPeriod: null });
    // The member's data export lists it.
    const exported = (await get(t.app, '/api/account/export', on.auth)).json();
    expect(exported.reportSchedules).toEqual([
      expect.objectContaining({ kind: 'monthly_statement', active: true }),
    ]);
    await put(t.app, '/api/user/report-schedules/monthly_statement', { active: true }, member.auth);
    await put(t.app, '/api/user/report-schedules/monthly_statement', { active: true }, off.auth);
    await put(t.app, '/api/user/report-schedules/monthly_statement', { active: false }, off.auth);
    expect(
      (await put(t.app, '/api/user/report-schedules/weekly', { active: true }, on.auth)).statusCode,
    ).toBe(400);

    const statements = async (userId: number) =>
      t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, 'monthly_statement')));
    // The month they signed up in has no statement.
    await runDueWork(t.ctx);
    expect(await statements(on.id)).toHaveLength(0);

    t.clock.advance(32 * DAY);
    await runDueWork(t.ctx);
    await runDueWork(t.ctx);
    const firstRun = await statements(on.id);
    expect(firstRun).toHaveLength(1);
    expect(firstRun[0]?.textBody).toContain('Contributed: $0.00');
    expect(await statements(off.id)).toHaveLength(0);
    expect(await statements(gone.id)).toHaveLength(0);
    // The member's statement: their own month (Tokyo), summed here from their rows.
    const tokyoPeriod = monthBefore(t.clock.now(), 'Asia/Tokyo');
    const paidThen = (
      await t.db.select().from(contributions).where(eq(contributions.userId, member.id))
    ).filter((c) => c.status === 'paid' && monthIn(c.paidAt!, 'Asia/Tokyo') === tokyoPeriod);
    const memberMail = await statements(member.id);
    expect(memberMail).toHaveLength(1);
    const total = paidThen.reduce((sum, c) => sum + c.amountCents, 0);
    expect(total).toBeGreaterThan(0);
    expect(memberMail[0]?.textBody).toContain(
      `Contributed: $${(total / 100).toFixed(2)} in ${paidThen.length} payment(s).`,
    );
    const period = monthBefore(t.clock.now(), 'UTC');
    const listed = (await get(t.app, '/api/user/report-schedules', on.auth)).json();
    expect(listed.schedules[0]).toEqual({ kind: 'monthly_statement', active: true, lastSentPeriod: period });

    t.clock.advance(31 * DAY);
    await runDueWork(t.ctx);
    expect(await statements(on.id)).toHaveLength(2);
    await put(t.app, '/api/user/report-schedules/monthly_statement', { active: false }, on.auth);
    await put(t.app, '/api/user/report-schedules/monthly_statement', { active: false }, member.auth);
    t.clock.advance(31 * DAY);
    await runDueWork(t.ctx);
    expect(await statements(on.id)).toHaveLength(2);
    expect(await statements(off.id)).toHaveLength(0);
    t.clock.advance(-94 * DAY);
  });
});
