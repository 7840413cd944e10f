import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReminders } from '#server/db/groups-schema.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { runDueWork } from './worker.ts';

const DAY = 86_400_000;

describe.each(testEngines)('time-driven work on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  async function activeCircle(extra: Record<string, unknown> = {}) {
    const admin = await signUp(t.app);
    const start = new Date(t.clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10);
    const group = (
      await post(
        t.app,
        '/api/groups',
        {
          name: 'Hui',
          contributionAmount: '80.00',
          memberLimit: 3,
          startDate: start,
          gracePeriodDays: 1,
          ...extra,
        },
        admin.auth,
      )
    ).json();
    const members = [admin, await signUp(t.app), await signUp(t.app)];
    for (const m of members.slice(1))
      await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
    return { group, members, admin };
  }

  const remindersOf = async (groupId: number) =>
    t.db.select().from(paymentReminders).where(sql`${paymentReminders.groupId} = ${groupId}`);

  it('reminds 3 days before the due date and on becoming overdue, once each, with notifications', async () => {
    const { group, members } = await activeCircle();
    await runDueWork(t.ctx);
    expect(await remindersOf(group.id)).toHaveLength(0);
    t.clock.advance(7 * DAY + 3_600_000); // three days before the due date
    await runDueWork(t.ctx);
    await runDueWork(t.ctx);
    const upcoming = await remindersOf(group.id);
    expect(upcoming).toHaveLength(3);
    expect(upcoming.every((r) => r.reminderType === 'upcoming')).toBe(true);
    const inbox = (await get(t.app, '/api/notifications', members[1]!.auth)).json();
    expect(inbox.unreadCount).toBeGreaterThanOrEqual(2);
    expect(inbox.notifications[0]).toMatchObject({
      type: 'payment_due_soon',
      groupId: group.id,
      data: { amount: '80.00' },
    });

    await post(
      t.app,
      `/api/groups/${group.id}/contributions/record`,
      { userId: members[0]!.id },
      members[0]!.auth,
    );
    t.clock.advance(5 * DAY); // past due date + 1 day of grace
    await runDueWork(t.ctx);
    const all = await remindersOf(group.id);
    expect(all.filter((r) => r.reminderType === 'overdue')).toHaveLength(2);
    await post(t.app, '/api/notifications/read-all', undefined, members[1]!.auth);
    expect((await get(t.app, '/api/notifications', members[1]!.auth)).json().unreadCount).toBe(0);
  });

  it('pays out on the payout date when auto-payout is on, exactly once however often it runs', async () => {
    const { group, members, admin } = await activeCircle({ autoPayout: true });
    for (const m of members)
      await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId: m.id }, admin.auth);
    expect((await runDueWork(t.ctx)).payouts).toBe(0);
    t.clock.advance(12 * DAY);
    const runs = await Promise.all([runDueWork(t.ctx), runDueWork(t.ctx), runDueWork(t.ctx)]);
    expect(runs.reduce((n, r) => n + r.payouts, 0)).toBe(1);
    const detail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.cycles[0].status).toBe('completed');
    expect(detail.group.currentCycle).toBe(2);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
