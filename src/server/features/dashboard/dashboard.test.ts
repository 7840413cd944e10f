import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions, payouts } from '#server/db/groups-schema.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { milestoneThresholds } from '#shared/schemas/dashboard.ts';
import { historyMonths } from './dashboard.ts';

const DAY = 86_400_000;

describe('the contribution history months', () => {
  it.each([
    ['2026-02-15T12:00:00Z', ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']],
    ['2026-12-31T23:59:59Z', ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12']],
    ['2027-01-01T00:00:00Z', ['2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01']],
    ['2026-06-30T23:59:59Z', ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']],
  ])('are the six calendar months (UTC) up to %s', (now, months) => {
    expect(historyMonths(new Date(now))).toEqual(months);
  });
});

describe.each(testEngines)('GET /api/user/{id}/dashboard on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  it('serves only one’s own dashboard', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await get(t.app, `/api/user/${b.id}/dashboard`, a.auth)).statusCode).toBe(403);
    expect((await get(t.app, `/api/user/${a.id}/dashboard`)).statusCode).toBe(401);
    const empty = (await get(t.app, `/api/user/${a.id}/dashboard`, a.auth)).json();
    expect(empty.stats).toMatchObject({
      totalSaved: '0.00',
      activeGroups: 0,
      nextPayout: null,
      successRate: null,
    });
    expect(empty.savingsGoal).toEqual({ target: '5000.00', monthly: '500.00', isDefault: true });
    expect(empty.contributionHistory).toHaveLength(6);
    expect(empty.milestones.every((m: { achieved: boolean }) => !m.achieved)).toBe(true);
  });

  it('computes figures from the member’s records: saved, on-time rate, upcoming, payouts, history, milestones', async () => {
    const admin = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        { name: 'Susu', contributionAmount: '150.00', memberLimit: 3, gracePeriodDays: 0 },
        admin.auth,
      )
    ).json();
    const others = [await signUp(t.app), await signUp(t.app)];
    for (const m of others)
      await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
    const mid = others[0]!;

    let board = (await get(t.app, `/api/user/${mid.id}/dashboard`, mid.auth)).json();
    expect(board.stats.activeGroups).toBe(1);
    expect(board.upcomingPayments).toEqual([
      expect.objectContaining({ groupId: group.id, amount: '150.00', status: 'pending' }),
    ]);

    for (const m of [admin, ...others])
      await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: m.id }, admin.auth);
    await post(t.app, '/api/groups/process-payout', { groupId: group.id, cycleNumber: 1 }, admin.auth);
    // Cycle 2: our member pays after the due date has passed.
    t.clock.advance(40 * DAY);
    board = (await get(t.app, `/api/user/${mid.id}/dashboard`, mid.auth)).json();
    expect(board.upcomingPayments[0]).toMatchObject({ cycle: 2, status: 'overdue' });
    expect(board.stats.overdueCount).toBe(1);
    expect(board.stats.successRate).toBe(50);
    await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: mid.id }, admin.auth);

    board = (await get(t.app, `/api/user/${mid.id}/dashboard`, mid.auth)).json();
    expect(board.stats.totalSaved).toBe('300.00');
    expect(board.stats.successRate).toBe(50);
    expect(board.milestones.find((m: { id: string }) => m.id === 'first-100').achieved).toBe(true);
    expect(board.milestones.find((m: { id: string }) => m.id === 'first-500').achieved).toBe(false);
    expect(board.recentActivity[0]).toMatchObject({ type: 'contribution', late: true, amount: '150.00' });
    const historyTotal = board.contributionHistory.reduce(
      (s: number, m: { amount: string }) => s + Number(m.amount),
      0,
    );
    expect(historyTotal).toBe(300);

    const first = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json().cycles[0];
    const paidTo = [admin, ...others].find((m) => m.id === first.recipientId)!;
    const theirs = (await get(t.app, `/api/user/${paidTo.id}/dashboard`, paidTo.auth)).json();
    expect(theirs.stats.walletBalance).toBe('436.65');
    expect(theirs.stats.totalReceived).toBe('436.65');
  });

  it('picks the latest activity, milestone dates and upcoming payments from the whole history', async () => {
    const member = await signUp(t.app);
    // Two circles the member is in, paid cycle after cycle; both record at the same moments.
    const circles = [];
    for (const amount of ['400.00', '250.00']) {
      const admin = await signUp(t.app);
      const group = (
        await post(
          t.app,
          '/api/groups',
          { name: `Club ${amount}`, contributionAmount: amount, memberLimit: 5 },
          admin.auth,
        )
      ).json();
      const others = [member, await signUp(t.app), await signUp(t.app), await signUp(t.app)];
      for (const m of others)
        await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
      circles.push({ admin, group, everyone: [admin, ...others] });
    }
    for (let cycle = 1; cycle <= 4; cycle++) {
      for (const { admin, group, everyone } of circles) {
        for (const m of everyone)
          await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: m.id }, admin.auth);
        await post(
          t.app,
          '/api/groups/process-payout',
          { groupId: group.id, cycleNumber: cycle },
          admin.auth,
        );
      }
      t.clock.advance(3 * DAY);
    }
    // Cycle 5 is being collected: the member has paid in one circle only.
    const [first, second] = circles as [(typeof circles)[number], (typeof circles)[number]];
    await post(
      t.app,
      `/api/groups/${first.group.id}/contributions/record`,
      { userId: member.id },
      first.admin.auth,
    );

    const board = (await get(t.app, `/api/user/${member.id}/dashboard`, member.auth)).json();
    const mine = await t.db.select().from(contributions).where(eq(contributions.userId, member.id));
    const received = await t.db.select().from(payouts).where(eq(payouts.recipientId, member.id));
    const paid = mine.filter((c) => c.status === 'paid');
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    expect(cents(board.stats.totalSaved)).toBe(paid.reduce((sum, c) => sum + c.amountCents, 0));
    expect(cents(board.stats.totalReceived)).toBe(received.reduce((sum, p) => sum + p.amountCents, 0));

    // Newest first; at the same moment contributions before payouts, then the older record first.
    const events = [
      ...[...paid].sort((a, b) => a.id - b.id).map((c) => ({ id: `contribution-${c.id}`, at: c.paidAt! })),
      ...[...received]
        .sort((a, b) => a.id - b.id)
        .map((p) => ({ id: `payout-${p.id}`, at: p.paidAt ?? p.createdAt })),
    ].sort((a, b) => b.at.getTime() - a.at.getTime());
    expect(events.length).toBeGreaterThan(10);
    expect(board.recentActivity.map((a: { id: string }) => a.id)).toEqual(
      events.slice(0, 10).map((e) => e.id),
    );
    expect(board.recentActivity[0]).toMatchObject({ groupId: first.group.id, amount: '400.00' });

    // Each milestone: the payment that took the running total over it.
    let total = 0;
    const reached = new Map<number, string>();
    for (const c of [...paid].sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime() || a.id - b.id)) {
      total += c.amountCents;
      for (const m of milestoneThresholds)
        if (total >= m.cents && !reached.has(m.cents)) reached.set(m.cents, c.paidAt!.toISOString());
    }
    expect(board.milestones).toEqual(
      milestoneThresholds.map((m) => ({
        id: m.id,
        amountCents: m.cents,
        achieved: reached.has(m.cents),
        achievedDate: reached.get(m.cents) ?? null,
      })),
    );
    expect(board.milestones.filter((m: { achieved: boolean }) => m.achieved)).toHaveLength(4);

    expect(board.upcomingPayments).toEqual([
      expect.objectContaining({ groupId: second.group.id, cycle: 5, amount: '250.00', status: 'pending' }),
    ]);
    // The group list reads the same cards.
    expect((await get(t.app, '/api/user/groups', member.auth)).json()).toEqual(board.groups);
  });

  it('keeps each user’s own savings goal', async () => {
    const a = await signUp(t.app);
    const saved = await put(t.app, '/api/user/savings-goal', { target: '1200', monthly: '100.50' }, a.auth);
    expect(saved.statusCode).toBe(200);
    const board = (await get(t.app, `/api/user/${a.id}/dashboard`, a.auth)).json();
    expect(board.savingsGoal).toEqual({ target: '1200.00', monthly: '100.50', isDefault: false });
    const bad = await put(t.app, '/api/user/savings-goal', { target: '0', monthly: '5' }, a.auth);
    expect(bad.statusCode).toBe(400);
  });
});

describe.each(testEngines)('GET /api/user/history on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('lists only the user’s own contributions and payouts, filtered by type and group', async () => {
    const admin = await signUp(t.app);
    const group = (
      await post(t.app, '/api/groups', { name: 'Gye', contributionAmount: '30', memberLimit: 3 }, admin.auth)
    ).json();
    const others = [await signUp(t.app), await signUp(t.app)];
    for (const m of others)
      await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
    for (const m of [admin, ...others])
      await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: m.id }, admin.auth);
    await post(t.app, '/api/groups/process-payout', { groupId: group.id, cycleNumber: 1 }, admin.auth);
    const all = (await get(t.app, '/api/user/history', admin.auth)).json().entries;
    expect(all.map((e: { type: string }) => e.type).sort()).toEqual(['contribution', 'payout']);
    expect(all.find((e: { type: string }) => e.type === 'payout').amount).toBe('87.09');
    const onlyPayouts = (await get(t.app, '/api/user/history?type=payout', others[0]!.auth)).json().entries;
    expect(onlyPayouts).toEqual([]);
    const mine = (
      await get(t.app, `/api/user/history?type=contribution&groupId=${group.id}`, others[0]!.auth)
    ).json().entries;
    expect(mine).toHaveLength(1);
    expect((await get(t.app, '/api/user/history?type=bogus', admin.auth)).statusCode).toBe(400);
  });
});
