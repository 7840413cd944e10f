import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('schedule edits and rotation changes on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  async function activeGroup() {
    const admin = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        { name: 'Chama', contributionAmount: '60', memberLimit: 4, startDate: '2026-03-10' },
        admin.auth,
      )
    ).json();
    const members = [admin, await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    for (const m of members.slice(1))
      await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
    return { admin, group, members };
  }

  it('re-dates only cycles that have not started, and only for an admin', async () => {
    const { admin, group, members } = await activeGroup();
    const before = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json().cycles;
    expect(before.map((c: { dueDate: string }) => c.dueDate)).toEqual([
      '2026-03-10',
      '2026-04-10',
      '2026-05-10',
      '2026-06-10',
    ]);
    const change = { frequency: 'weekly', contributionDay: 5, gracePeriod: 1 };
    expect((await put(t.app, `/api/groups/${group.id}/schedule`, change, members[1]!.auth)).statusCode).toBe(
      403,
    );
    const bad = await put(
      t.app,
      `/api/groups/${group.id}/schedule`,
      { ...change, gracePeriod: 15 },
      admin.auth,
    );
    expect(bad.json().message).toBe('Grace period must be between 0 and 14 days');
    const ok = await put(t.app, `/api/groups/${group.id}/schedule`, change, admin.auth);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    // Cycle 1 is under way and keeps its dates; 2026-03-13 is the first Friday after it.
    expect(after.cycles.map((c: { dueDate: string }) => c.dueDate)).toEqual([
      '2026-03-10',
      '2026-03-13',
      '2026-03-20',
      '2026-03-27',
    ]);
    expect(after.cycles[1].scheduledDate).toBe('2026-03-14');
    expect(after.group).toMatchObject({ frequency: 'weekly', gracePeriodDays: 1 });
  });

  it('reorders the recipients of unpaid cycles with the real new order', async () => {
    const { admin, group, members } = await activeGroup();
    for (const m of members)
      await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: m.id }, admin.auth);
    await post(t.app, '/api/groups/process-payout', { groupId: group.id, cycleNumber: 1 }, admin.auth);
    const detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    const paidTo = detail.cycles[0].recipientId;
    const waiting = detail.cycles.slice(1).map((c: { recipientId: number }) => c.recipientId);
    const empty = await post(
      t.app,
      '/api/groups/adjust-rotation',
      { groupId: group.id, newOrder: [] },
      admin.auth,
    );
    expect(empty.statusCode).toBe(400);
    const withPaid = await post(
      t.app,
      '/api/groups/adjust-rotation',
      { groupId: group.id, newOrder: [paidTo, ...waiting.slice(1)] },
      admin.auth,
    );
    expect(withPaid.statusCode).toBe(400);
    const reversed = [...waiting].reverse();
    const ok = await post(
      t.app,
      '/api/groups/adjust-rotation',
      { groupId: group.id, newOrder: reversed },
      admin.auth,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(after.cycles.map((c: { recipientId: number }) => c.recipientId)).toEqual([paidTo, ...reversed]);
    const positions = Object.fromEntries(
      after.members.map((m: { userId: number; position: number }) => [m.userId, m.position]),
    );
    expect(reversed.map((id: number) => positions[id])).toEqual([2, 3, 4]);
  });

  it('saves reminder days and the payout threshold, and shows them with the group', async () => {
    const { admin, group } = await activeGroup();
    const change = { frequency: 'monthly', contributionDay: 31, gracePeriod: 2 };
    const tooEarly = await put(
      t.app,
      `/api/groups/${group.id}/schedule`,
      { ...change, reminderDays: 15 },
      admin.auth,
    );
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().message).toBe('Reminders can go out 0 to 14 days before the due date');
    const ok = await put(
      t.app,
      `/api/groups/${group.id}/schedule`,
      { ...change, reminderDays: 5, minimumContributionThreshold: 80, autoPayoutEnabled: true },
      admin.auth,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(after.group).toMatchObject({
      reminderDays: 5,
      minContributionThreshold: 80,
      autoPayout: true,
      contributionDay: 31,
    });
    // The 31st means the month's last day: April has 30.
    expect(after.cycles.map((c: { dueDate: string }) => c.dueDate)).toEqual([
      '2026-03-10',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    // Leaving the optional settings out keeps them.
    await put(t.app, `/api/groups/${group.id}/schedule`, change, admin.auth);
    const kept = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json().group;
    expect(kept).toMatchObject({ reminderDays: 5, minContributionThreshold: 80, autoPayout: true });
  });

  it('moves the start date of a recruiting group, never into the past, and refuses to reorder it', async () => {
    const admin = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        { name: 'Susu', contributionAmount: '20', memberLimit: 3, startDate: '2026-03-10' },
        admin.auth,
      )
    ).json();
    const change = { frequency: 'weekly', contributionDay: 1, gracePeriod: 0 };
    const past = await put(
      t.app,
      `/api/groups/${group.id}/schedule`,
      { ...change, startDate: '2026-02-27' },
      admin.auth,
    );
    expect(past.statusCode).toBe(400);
    const ok = await put(
      t.app,
      `/api/groups/${group.id}/schedule`,
      { ...change, startDate: '2026-04-01' },
      admin.auth,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.group).toMatchObject({ startDate: '2026-04-01', frequency: 'weekly', contributionDay: 1 });
    const reorder = await post(
      t.app,
      '/api/groups/adjust-rotation',
      { groupId: group.id, newOrder: [admin.id] },
      admin.auth,
    );
    expect(reorder.statusCode).toBe(409);
    expect(reorder.json().code).toBe('GROUP_NOT_ACTIVE');
    // Filling the circle schedules it from the new start: the first Monday on or after April 1.
    for (const m of [await signUp(t.app), await signUp(t.app)])
      await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
    const active = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(active.cycles.map((c: { dueDate: string }) => c.dueDate)).toEqual([
      '2026-04-06',
      '2026-04-13',
      '2026-04-20',
    ]);
  });
});
