import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributions } from '#server/db/groups-schema.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import type { GroupDetailReply as GroupDetail } from '#shared/schemas/groups.ts';
import { recentActivity } from '#web/features/group-page/activity.ts';
import { RECENT_PAID_CONTRIBUTIONS } from './group-detail-query.ts';

const DAY = 86_400_000;

describe.each(testEngines)('GET /api/groups/{id}: the contribution window on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  it('returns the current cycle, every open contribution and the latest paid; counts cover the whole history', async () => {
    const admin = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        {
          name: 'Long history',
          contributionAmount: '100.00',
          memberLimit: 20,
          gracePeriodDays: 0,
          penaltyPercentage: 10,
        },
        admin.auth,
      )
    ).json();
    const members = [admin];
    for (let i = 0; i < 19; i++) {
      const m = await signUp(t.app);
      await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth);
      members.push(m);
    }
    const record = async (userId: number) =>
      (await post(t.app, `/api/groups/${group.id}/contributions/record`, { userId }, admin.auth)).json();
    const payout = async (cycleNumber: number) =>
      expect(
        (await post(t.app, '/api/groups/process-payout', { groupId: group.id, cycleNumber }, admin.auth))
          .statusCode,
      ).toBe(200);

    // Cycle 1, late: 19 pay, one never does; the penalties are paid except the first member's.
    t.clock.advance(2 * DAY);
    const late = [];
    for (const m of members.slice(0, 19)) late.push(await record(m.id));
    for (const c of late.slice(1))
      await post(t.app, `/api/contributions/${c.id}/penalty/pay`, { method: 'cash' }, admin.auth);
    await payout(1);
    // Cycle 2: everyone, each payment a minute after the other, then several in the same millisecond.
    for (const m of members.slice(0, 12)) {
      t.clock.advance(60_000);
      await record(m.id);
    }
    for (const m of members.slice(12)) await record(m.id);
    await payout(2);
    // Cycle 3, being collected: three have paid.
    for (const m of members.slice(0, 3)) await record(m.id);

    const detail: GroupDetail = (await get(t.app, `/api/groups/${group.id}`, admin.auth)).json();
    expect(detail.group.currentCycle).toBe(3);

    const all = await t.db
      .select()
      .from(contributions)
      .where(eq(contributions.groupId, group.id))
      .orderBy(asc(contributions.id));
    expect(all).toHaveLength(60);
    // The activity feed's order: newest first to the millisecond, then by cycle (newest first), then by member.
    const latestPaid = all
      .filter((c) => c.status === 'paid')
      .sort((a, b) => b.paidAt!.getTime() - a.paidAt!.getTime() || b.cycle - a.cycle || a.userId - b.userId)
      .slice(0, RECENT_PAID_CONTRIBUTIONS);
    const wanted = all.filter(
      (c) => c.cycle === 3 || c.status !== 'paid' || c.penaltyStatus === 'owed' || latestPaid.includes(c),
    );
    // Cycle 3 (20) + cycle 1's unpaid and penalty-owed (2) + cycle 2's latest (10 - 3 paid in cycle 3).
    expect(wanted).toHaveLength(20 + 2 + 7);
    expect(detail.contributions.map((c) => c.id).sort((a, b) => a - b)).toEqual(wanted.map((c) => c.id));
    // Still newest cycle first, then by member, as before.
    const order = [...detail.contributions].sort((a, b) => b.cycle - a.cycle || a.userId - b.userId);
    expect(detail.contributions).toEqual(order);
    expect(detail.contributions.find((c) => c.cycle === 1 && c.status === 'pending')).toMatchObject({
      userId: members[19]!.id,
      overdue: true,
    });
    expect(detail.contributions.find((c) => c.penaltyStatus === 'owed')).toMatchObject({
      cycle: 1,
      userId: admin.id,
      penalty: '10.00',
    });

    // What the page shows from the window is what it showed from the whole history (which the
    // reply used to list newest cycle first, then by member).
    const whole = {
      ...detail,
      contributions: [...all]
        .sort((a, b) => b.cycle - a.cycle || a.userId - b.userId)
        .map((c) => ({
          ...detail.contributions[0]!,
          id: c.id,
          userId: c.userId,
          userName: detail.members.find((m) => m.userId === c.userId)!.user.fullName,
          cycle: c.cycle,
          status: c.status,
          paidAt: c.paidAt?.toISOString() ?? null,
          late: c.late,
        })),
    };
    expect(recentActivity(detail)).toEqual(recentActivity(whole));
    expect(recentActivity(detail).filter((item) => item.kind === 'paid')).not.toHaveLength(0);

    for (const m of detail.members) {
      const theirs = all.filter((c) => c.userId === m.userId);
      expect(m.contributionCounts).toEqual({
        paid: theirs.filter((c) => c.status === 'paid').length,
        late: theirs.filter((c) => c.status === 'paid' && c.late).length,
        pending: theirs.filter((c) => c.status !== 'paid').length,
      });
    }
    expect(detail.members.find((m) => m.userId === admin.id)!.contributionCounts).toEqual({
      paid: 3,
      late: 1,
      pending: 0,
    });
    expect(detail.currentCycle).toMatchObject({ number: 3, paidCount: 3, memberCount: 20 });
  });

  it('answers 404 for a missing circle and 403 for one the caller is not in', async () => {
    const admin = await signUp(t.app);
    const outsider = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        { name: 'Closed', contributionAmount: '10', memberLimit: 3 },
        admin.auth,
      )
    ).json();
    expect((await get(t.app, `/api/groups/${group.id}`, outsider.auth)).json().code).toBe('GROUP_NOT_FOUND');
    expect((await get(t.app, '/api/groups/999999', admin.auth)).json().code).toBe('GROUP_NOT_FOUND');
  });
});
