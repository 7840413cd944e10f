import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { contributions, notifications, paymentReminders } from '#server/db/groups-schema.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { activeCircle, DAY, type Person, settle, verifiedBank } from '#server/test/circles.ts';
import { get, post } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('contributions by bank debit on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
  });
  afterAll(() => t.close());

  const payByBank = (groupId: number, auth: Record<string, string>, body: object = {}) =>
    post(t.app, `/api/groups/${groupId}/contributions/bank-debit`, body, auth);
  const myContribution = async (groupId: number, userId: number) =>
    (await t.db.select().from(contributions).where(eq(contributions.groupId, groupId))).find(
      (c) => c.userId === userId && c.cycle === 1,
    )!;

  it('pulls the contribution from a verified bank; it is paid into the escrow only when the bank confirms', async () => {
    const { members, groupId } = await activeCircle(t);
    const member = members[1]!;
    await verifiedBank(t, member.id);
    const reply = await payByBank(groupId, member.auth);
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json().bankDebit.status).toBe('processing');
    expect((await myContribution(groupId, member.id)).status).toBe('processing');
    expect(await balanceOf(t.db, { kind: 'escrow', groupId, cycle: 1 })).toBe(0);
    const pending = (await get(t.app, `/api/groups/${groupId}/bank-debits`, member.auth)).json().bankDebits;
    expect(pending).toMatchObject([{ status: 'processing', amount: '100.00', source: 'manual' }]);

    await settle(t);
    const paid = await myContribution(groupId, member.id);
    expect(paid).toMatchObject({ status: 'paid', paymentMethod: 'ach', late: false, confirmedBy: null });
    expect(await balanceOf(t.db, { kind: 'escrow', groupId, cycle: 1 })).toBe(10_000);
    // The same settlement event delivered again changes nothing.
    const [debit] = await t.db.select().from(bankDebits).where(eq(bankDebits.contributionId, paid.id));
    await t.jobs!.enqueue('payment-event', { type: 'debit.succeeded', providerRef: debit!.providerRef! });
    await settle(t);
    expect(await balanceOf(t.db, { kind: 'escrow', groupId, cycle: 1 })).toBe(10_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('shows the bank’s refusal, leaves the contribution unpaid and lets the member try again', async () => {
    const { members, groupId } = await activeCircle(t);
    const member = members[2]!;
    await verifiedBank(t, member.id, 'debit_insufficient_funds');
    expect((await payByBank(groupId, member.auth)).statusCode).toBe(202);
    await settle(t);
    expect((await myContribution(groupId, member.id)).status).toBe('pending');
    const [failed] = (await get(t.app, `/api/groups/${groupId}/bank-debits`, member.auth)).json().bankDebits;
    expect(failed).toMatchObject({
      status: 'failed',
      failureMessage: expect.stringContaining('insufficient'),
    });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.map((n) => n.type)).toContain('bank_debit_failed');
    // A retry is a new debit.
    expect((await payByBank(groupId, member.auth)).statusCode).toBe(202);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('keeps one debit in flight: no second debit, no cash confirmation meanwhile', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    const member = members[1]!;
    await verifiedBank(t, member.id);
    expect((await payByBank(groupId, member.auth)).statusCode).toBe(202);
    expect((await payByBank(groupId, member.auth)).json().code).toBe('DEBIT_IN_PROGRESS');
    const cash = await post(
      t.app,
      `/api/groups/${groupId}/contributions/record`,
      { userId: member.id, method: 'cash' },
      admin.auth,
    );
    expect(cash.json().code).toBe('DEBIT_IN_PROGRESS');
    await settle(t);
    expect((await payByBank(groupId, member.auth)).json().code).toBe('ALREADY_PAID');
  });

  it('judges lateness by when the debit started, not when the bank settled it', async () => {
    const { members, groupId } = await activeCircle(t);
    const member = members[1]!;
    await verifiedBank(t, member.id);
    t.clock.advance(7 * DAY); // the last day of grace: due 4 days ago, grace 3 days
    expect((await payByBank(groupId, member.auth)).statusCode).toBe(202);
    t.clock.advance(3 * DAY); // the bank takes days
    await settle(t);
    expect(await myContribution(groupId, member.id)).toMatchObject({
      status: 'paid',
      late: false,
      penaltyStatus: 'none',
    });
  });

  it('sends no reminder while a bank payment is on its way, and reminds once the bank refuses it', async () => {
    const { members, groupId } = await activeCircle(t);
    const [, payer, other] = members as [Person, Person, Person];
    await verifiedBank(t, payer.id, 'debit_insufficient_funds');
    expect((await payByBank(groupId, payer.auth)).statusCode).toBe(202);
    const remindersOf = async (userId: number) =>
      (
        await t.db
          .select({ type: paymentReminders.reminderType })
          .from(paymentReminders)
          .where(and(eq(paymentReminders.groupId, groupId), eq(paymentReminders.userId, userId)))
      ).map((r) => r.type);
    t.clock.advance(8 * DAY); // past the due date and its grace while the bank takes its time
    await runDueWork(t.ctx);
    expect(await remindersOf(other.id)).toEqual(['overdue']);
    expect(await remindersOf(payer.id)).toEqual([]);
    await settle(t); // refused: the contribution is unpaid again, and overdue by now
    await runDueWork(t.ctx);
    expect(await remindersOf(payer.id)).toEqual(['overdue']);
  });

  it('answers one Idempotency-Key with one debit', async () => {
    const { members, groupId } = await activeCircle(t);
    const member = members[1]!;
    await verifiedBank(t, member.id);
    const headers = { ...member.auth, 'idempotency-key': `debit-once-${groupId}` };
    const [a, b] = await Promise.all([payByBank(groupId, headers), payByBank(groupId, headers)]);
    expect(a.body).toBe(b.body);
    const debits = await t.db.select().from(bankDebits).where(eq(bankDebits.groupId, groupId));
    expect(debits).toHaveLength(1);
  });

  it('refuses without a bank, with an unverified bank, in a frozen circle, and for outsiders', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    const noBank = await payByBank(groupId, members[1]!.auth);
    expect(noBank.statusCode).toBe(409);
    expect(noBank.json().message).toBe('No bank account connected. Please connect a bank account first.');
    const unverified = await verifiedBank(t, members[2]!.id);
    await t.db.update(bankAccounts).set({ status: 'connected' }).where(eq(bankAccounts.id, unverified.id));
    expect((await payByBank(groupId, members[2]!.auth)).json().code).toBe('BANK_ACCOUNT_NOT_VERIFIED');
    await verifiedBank(t, admin.id);
    await post(t.app, `/api/groups/${groupId}/freeze`, { reason: 'Audit of the last payout' }, admin.auth);
    expect((await payByBank(groupId, admin.auth)).json().code).toBe('GROUP_FROZEN');
    const outsider = (await activeCircle(t)).admin;
    await verifiedBank(t, outsider.id);
    expect((await payByBank(groupId, outsider.auth)).statusCode).toBe(404);
    expect((await payByBank(groupId, {})).statusCode).toBe(401);
    expect((await payByBank(groupId, admin.auth, { cycle: 'one' })).statusCode).toBe(400);
  });
});
