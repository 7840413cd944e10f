import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPenalties, notifications, paymentReminders } from '#server/db/groups-schema.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { activeCircle, DAY, type Person } from '#server/test/circles.ts';
import { get, post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { riskLevel, riskScore } from './risk.ts';

describe('risk score', () => {
  it('weighs a missed payment twice a late one, caps at 100, and credits auto-pay', () => {
    expect(riskScore({ due: 0, late: 0, missed: 0, autopay: false })).toBe(0);
    expect(riskScore({ due: 4, late: 1, missed: 0, autopay: false })).toBe(25);
    expect(riskScore({ due: 4, late: 0, missed: 1, autopay: false })).toBe(50);
    expect(riskScore({ due: 1, late: 0, missed: 1, autopay: false })).toBe(100);
    expect(riskScore({ due: 4, late: 1, missed: 0, autopay: true })).toBe(15);
    expect([0, 24, 25, 49, 50, 74, 75, 100].map(riskLevel)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'critical',
      'critical',
    ]);
  });
});

describe.each(testEngines)('the Payments tab on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  const monitoring = async (groupId: number, who: Person) =>
    (await get(t.app, `/api/groups/${groupId}/payment-monitoring`, who.auth)).json();
  const cash = (groupId: number, admin: Person, userId: number) =>
    post(t.app, `/api/groups/${groupId}/contributions/record`, { userId, method: 'cash' }, admin.auth);

  it('computes compliance, overdue and risk from the circle’s contributions', async () => {
    const { admin, members, groupId } = await activeCircle(t, 4);
    const [, onTime, late, missing] = members as Person[];
    await cash(groupId, admin, admin.id);
    await cash(groupId, admin, onTime!.id);
    let view = await monitoring(groupId, onTime!);
    expect(view.summary).toMatchObject({
      complianceRate: 100,
      overdueCount: 0,
      collectedThisCycle: '200.00',
      expectedThisCycle: '400.00',
    });
    expect(view.rules).toBeNull(); // enforcement rules are for admins
    t.clock.advance(9 * DAY); // past due date + grace
    await cash(groupId, admin, late!.id);
    view = await monitoring(groupId, admin);
    const row = (p: Person) => view.members.find((m: { userId: number }) => m.userId === p.id);
    expect(row(late!)).toMatchObject({
      status: 'paid',
      lateCount: 1,
      onTimeRate: 0,
      riskScore: 100,
      riskLevel: 'critical',
    });
    expect(row(missing!)).toMatchObject({
      status: 'overdue',
      missedCount: 1,
      overdueAmount: '100.00',
      penaltyContributionId: expect.any(Number),
    });
    expect(row(onTime!)).toMatchObject({ status: 'paid', onTimeRate: 100, riskScore: 0 });
    // 2 on time of 4 fallen due.
    expect(view.summary).toMatchObject({ complianceRate: 50, overdueCount: 1, overdueAmount: '100.00' });
    expect(view.rules).toMatchObject({ gracePeriodDays: 3, penaltyPercentage: 5, retryAttempts: 3 });
    const outsider = (await activeCircle(t)).admin;
    // To an outsider the circle does not exist.
    expect((await get(t.app, `/api/groups/${groupId}/payment-monitoring`, outsider.auth)).statusCode).toBe(
      404,
    );
  });

  it('Send Reminder reminds the member, once a day at most; only admins send it', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    const member = members[1]!;
    const remind = (who: Person) =>
      post(t.app, `/api/groups/${groupId}/members/${member.id}/remind`, {}, who.auth);
    expect((await remind(members[2]!)).statusCode).toBe(403);
    expect((await remind(admin)).statusCode).toBe(201);
    expect((await remind(admin)).json().code).toBe('REMINDER_TOO_SOON');
    t.clock.advance(DAY + 1000);
    expect((await remind(admin)).statusCode).toBe(201);
    const stored = await t.db.select().from(paymentReminders).where(eq(paymentReminders.userId, member.id));
    expect(stored.map((r) => [r.reminderType, r.sentBy])).toEqual([
      ['manual', admin.id],
      ['manual', admin.id],
    ]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.filter((n) => n.type === 'payment_reminder')).toHaveLength(2);
    const mailed = await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, member.id));
    expect(mailed.filter((m) => m.kind === 'payment_reminder')).toHaveLength(2);
    await cash(groupId, admin, member.id);
    expect((await remind(admin)).json().code).toBe('NOTHING_TO_REMIND');
    expect(
      (await monitoring(groupId, admin)).members.find((m: { userId: number }) => m.userId === member.id)
        .lastReminderAt,
    ).not.toBeNull();
  });

  it('Apply Penalty charges an overdue contribution once; paying it later charges nothing more', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    const member = members[1]!;
    const { penaltyContributionId: none } = (await monitoring(groupId, admin)).members[1];
    expect(none).toBeNull();
    const contributionId = (await get(t.app, `/api/groups/${groupId}`, admin.auth))
      .json()
      .contributions.find((c: { userId: number }) => c.userId === member.id).id;
    const apply = (who: Person) =>
      post(t.app, `/api/contributions/${contributionId}/penalty/apply`, {}, who.auth);
    expect((await apply(admin)).json().code).toBe('PENALTY_NOT_OVERDUE');
    t.clock.advance(9 * DAY);
    expect((await apply(member)).statusCode).toBe(403);
    const applied = await apply(admin);
    expect(applied.json()).toMatchObject({ penaltyStatus: 'owed', penalty: '5.00' });
    expect((await apply(admin)).json().code).toBe('PENALTY_ALREADY_CHARGED');
    const settled = (await cash(groupId, admin, member.id)).json();
    expect(settled).toMatchObject({ status: 'paid', late: true, penaltyCents: 500, penaltyStatus: 'owed' });
    const [record] = await t.db
      .select()
      .from(defaultPenalties)
      .where(eq(defaultPenalties.contributionId, contributionId));
    expect(record).toMatchObject({ appliedBy: admin.id, penaltyAmountCents: 500, resolved: false });
    await post(t.app, `/api/contributions/${contributionId}/penalty/pay`, { method: 'cash' }, admin.auth);
    const [resolved] = await t.db
      .select()
      .from(defaultPenalties)
      .where(eq(defaultPenalties.contributionId, contributionId));
    expect(resolved!.resolved).toBe(true);
    // The automatic penalty of another late member is recorded too, without an admin.
    t.clock.advance(DAY);
    await cash(groupId, admin, members[2]!.id);
    const records = await t.db.select().from(defaultPenalties).where(eq(defaultPenalties.groupId, groupId));
    expect(records.map((r) => r.appliedBy)).toEqual([admin.id, null]);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
