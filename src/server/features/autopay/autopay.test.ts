import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { contributions, notifications } from '#server/db/groups-schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { activeCircle, DAY, settle, verifiedBank } from '#server/test/circles.ts';
import { del, get, post, put } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('auto-pay on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
  });
  afterAll(() => t.close());

  const setup = (groupId: number, userId: number, auth: Record<string, string>, body: object = {}) =>
    post(t.app, `/api/groups/${groupId}/members/${userId}/setup-auto-payments`, body, auth);
  const schedules = async (groupId: number, auth: Record<string, string>) =>
    (await get(t.app, `/api/groups/${groupId}/payment-schedules`, auth)).json();
  const entry = async (groupId: number, userId: number, auth: Record<string, string>) =>
    (await schedules(groupId, auth)).paymentSchedules.find((s: { userId: number }) => s.userId === userId);
  const contributionOf = async (groupId: number, userId: number, cycle = 1) =>
    (
      await t.db
        .select()
        .from(contributions)
        .where(
          and(
            eq(contributions.groupId, groupId),
            eq(contributions.userId, userId),
            eq(contributions.cycle, cycle),
          ),
        )
    )[0]!;

  it('debits on the due date in the circle’s time zone, and the next payment date follows the schedule', async () => {
    const { members, groupId, detail } = await activeCircle(t, 3, { timeZone: 'Pacific/Kiritimati' });
    const member = members[1]!;
    const bank = await verifiedBank(t, member.id);
    const reply = await setup(groupId, member.id, member.auth, { paymentMethodId: String(bank.id) });
    expect(reply.statusCode, reply.body).toBe(200);
    const dueDate = detail.contributions.find((c: { userId: number }) => c.userId === member.id).dueDate;
    expect(await entry(groupId, member.id, member.auth)).toMatchObject({
      status: 'active',
      paymentMethodLast4: '6789',
      nextPaymentDate: dueDate,
      failureCount: 0,
    });
    // Others see the state, never the account.
    expect(await entry(groupId, member.id, members[0]!.auth)).toMatchObject({
      status: 'active',
      paymentMethodLast4: null,
    });
    const view = await schedules(groupId, member.auth);
    expect(view.summary).toEqual({
      automationRate: 33,
      collectionPerCycle: '100.00',
      nextCollectionDate: dueDate,
    });

    await runDueWork(t.ctx);
    expect((await contributionOf(groupId, member.id)).status).toBe('pending');
    // Kiritimati is 14 hours ahead: its due date begins while it is still the day before in UTC.
    const dueStartsAt = new Date(`${dueDate}T00:00:00+14:00`).getTime();
    t.clock.advance(dueStartsAt - t.clock.now().getTime() + 60_000);
    await runDueWork(t.ctx);
    expect((await contributionOf(groupId, member.id)).status).toBe('processing');
    await runDueWork(t.ctx); // no second debit while one is in flight
    await settle(t);
    expect((await contributionOf(groupId, member.id)).status).toBe('paid');
    expect(await t.db.select().from(bankDebits).where(eq(bankDebits.groupId, groupId))).toHaveLength(1);
    const after = await entry(groupId, member.id, member.auth);
    expect(after.lastPaymentDate).not.toBeNull();
    const nextCycle = (await get(t.app, `/api/groups/${groupId}`, member.auth)).json().cycles[1];
    expect(after.nextPaymentDate).toBe(nextCycle.dueDate);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('retries a failed debit a day later as many times as the collection settings say, then tells the admins', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    const member = members[2]!;
    await verifiedBank(t, member.id, 'debit_insufficient_funds');
    expect(
      (await put(t.app, `/api/groups/${groupId}/collection-settings`, { retryAttempts: 1 }, admin.auth))
        .statusCode,
    ).toBe(200);
    expect((await setup(groupId, member.id, member.auth)).statusCode).toBe(200);
    t.clock.advance(4 * DAY);
    await runDueWork(t.ctx);
    await settle(t);
    expect(await entry(groupId, member.id, member.auth)).toMatchObject({ status: 'active', failureCount: 1 });
    await runDueWork(t.ctx); // too soon for the retry
    expect(await t.db.select().from(bankDebits).where(eq(bankDebits.groupId, groupId))).toHaveLength(1);
    t.clock.advance(DAY + 60_000);
    await runDueWork(t.ctx);
    await settle(t);
    expect(await entry(groupId, member.id, member.auth)).toMatchObject({ status: 'failed', failureCount: 2 });
    t.clock.advance(2 * DAY);
    await runDueWork(t.ctx);
    const debits = await t.db.select().from(bankDebits).where(eq(bankDebits.groupId, groupId));
    expect(debits.map((d) => [d.attempt, d.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
    ]);
    const adminNotes = await t.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(adminNotes.filter((n) => n.type === 'autopay_failed')).toHaveLength(1);
    expect((await contributionOf(groupId, member.id)).status).toBe('pending');
  });

  it('takes no debits from a frozen circle', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    await verifiedBank(t, members[1]!.id);
    await setup(groupId, members[1]!.id, members[1]!.auth);
    await post(t.app, `/api/groups/${groupId}/freeze`, { reason: 'Checking a dispute' }, admin.auth);
    t.clock.advance(5 * DAY);
    await runDueWork(t.ctx);
    expect(await t.db.select().from(bankDebits).where(eq(bankDebits.groupId, groupId))).toEqual([]);
  });

  it('is each person’s own: set up and cancel only your entry, with a bank that is verified', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    const [, a, b] = members as [typeof admin, typeof admin, typeof admin];
    const none = await setup(groupId, a.id, a.auth);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No bank account connected. Please connect a bank account first.');
    expect(await entry(groupId, a.id, a.auth)).toMatchObject({
      status: 'setup_required',
      nextPaymentDate: expect.any(String),
    });
    const bank = await verifiedBank(t, a.id);
    expect((await setup(groupId, a.id, b.auth)).statusCode).toBe(403);
    expect((await setup(groupId, a.id, admin.auth)).json().code).toBe('AUTOPAY_NOT_YOURS');
    expect((await setup(groupId, a.id, a.auth)).statusCode).toBe(200);
    expect((await del(t.app, `/api/bank-accounts/${bank.id}`, a.auth)).json().code).toBe(
      'BANK_ACCOUNT_IN_USE',
    );
    const cancel = (auth: Record<string, string>) =>
      post(t.app, `/api/groups/${groupId}/members/${a.id}/cancel-auto-payments`, {}, auth);
    expect((await cancel(b.auth)).statusCode).toBe(403);
    expect((await cancel(a.auth)).statusCode).toBe(200);
    expect((await cancel(a.auth)).json().code).toBe('AUTOPAY_NOT_ACTIVE');
    expect(await entry(groupId, a.id, a.auth)).toMatchObject({ status: 'inactive' });
    const outsider = (await activeCircle(t)).admin;
    // To an outsider the circle does not exist.
    expect((await get(t.app, `/api/groups/${groupId}/payment-schedules`, outsider.auth)).statusCode).toBe(
      404,
    );
    expect(
      (await put(t.app, `/api/groups/${groupId}/collection-settings`, { retryAttempts: 3 }, a.auth))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(t.app, `/api/groups/${groupId}/collection-settings`, { retryAttempts: 2 }, admin.auth))
        .statusCode,
    ).toBe(400);
  });
});
