import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

const DAY = 86_400_000;

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
    for (const m of others) await post(t.app, `/api/groups/${group.id}/join`, {}, m.auth);
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
    for (const m of others) await post(t.app, `/api/groups/${group.id}/join`, {}, m.auth);
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
