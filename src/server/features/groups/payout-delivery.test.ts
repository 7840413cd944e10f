import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/groups-schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { equalShares } from './reserve-distribution.ts';

const DAY = 86_400_000;

describe('equal shares of the reserve', () => {
  it('differ by at most a cent, sum to the whole, and give the odd cents to the first in rotation', () => {
    expect(equalShares(1000, 3)).toEqual([334, 333, 333]);
    expect(equalShares(2, 3)).toEqual([1, 1, 0]);
    for (const [cents, count] of [
      [1, 1],
      [99_999, 7],
      [10, 20],
    ] as const) {
      const shares = equalShares(cents, count);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(cents);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });
});

describe.each(testEngines)('payout delivery, freezing and the reserve at completion on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { longSessions: true });
  });
  afterAll(() => t.close());

  /** A full three-member circle of $100 a cycle, grace 0 and a 10% penalty. */
  async function fullCircle(extra: Record<string, unknown> = {}) {
    const admin = await signUp(t.app);
    const group = (
      await post(
        t.app,
        '/api/groups',
        {
          name: 'Market tanda',
          contributionAmount: '100.00',
          memberLimit: 3,
          gracePeriodDays: 0,
          penaltyPercentage: 10,
          ...extra,
        },
        admin.auth,
      )
    ).json();
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    for (const m of [b, c])
      expect(
        (await post(t.app, `/api/groups/${group.id}/join`, { inviteCode: group.inviteCode }, m.auth))
          .statusCode,
      ).toBe(200);
    return { admin, b, c, group, members: [admin, b, c] };
  }
  const detail = async (groupId: number, auth: Record<string, string>) =>
    (await get(t.app, `/api/groups/${groupId}`, auth)).json();
  const recordAll = async (groupId: number, admin: { auth: Record<string, string> }, ids: number[]) => {
    const rows = [];
    for (const userId of ids) {
      const reply = await post(t.app, `/api/groups/${groupId}/contributions/record`, { userId }, admin.auth);
      expect(reply.statusCode, reply.body).toBe(200);
      rows.push(reply.json());
    }
    return rows;
  };

  it('hands an off-app payout over without a fee; the recipient confirms it or disputes a different amount', async () => {
    const { admin, members, group } = await fullCircle();
    await recordAll(
      group.id,
      admin,
      members.map((m) => m.id),
    );
    const paid = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId: group.id, cycleNumber: 1, delivery: 'off_app', method: 'cash', reference: 'Sunday meeting' },
      admin.auth,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const view = await detail(group.id, admin.auth);
    const cycle1 = view.cycles[0];
    expect(cycle1.payoutAmount).toBe('300.00');
    expect(cycle1.fee).toBe('0.00');
    expect(cycle1.payout).toMatchObject({ delivery: 'off_app', method: 'cash', receiptStatus: 'awaiting' });
    const recipient = members.find((m) => m.id === cycle1.recipientId)!;
    // Nothing reached the recipient's wallet: the cash went from hand to hand.
    expect(await balanceOf(t.db, { kind: 'wallet', userId: recipient.id })).toBe(0);

    const payoutId = cycle1.payout.id;
    const someoneElse = members.find((m) => m.id !== recipient.id)!;
    const notTheirs = await post(
      t.app,
      `/api/payouts/${payoutId}/receipt`,
      { receivedAmount: '300.00' },
      someoneElse.auth,
    );
    expect(notTheirs.json().code).toBe('NOT_PAYOUT_RECIPIENT');

    const short = await post(
      t.app,
      `/api/payouts/${payoutId}/receipt`,
      { receivedAmount: '280', note: 'Twenty dollars short' },
      recipient.auth,
    );
    expect(short.json()).toMatchObject({ success: true, receiptStatus: 'disputed' });
    const adminNotes = await t.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    if (recipient.id !== admin.id)
      expect(adminNotes.find((n) => n.type === 'payout_disputed')?.data).toMatchObject({
        amount: '300.00',
        received: '280.00',
      });
    const settled = await post(
      t.app,
      `/api/payouts/${payoutId}/receipt`,
      { receivedAmount: '300.00' },
      recipient.auth,
    );
    expect(settled.json().receiptStatus).toBe('confirmed');
    const again = await post(
      t.app,
      `/api/payouts/${payoutId}/receipt`,
      { receivedAmount: '300.00' },
      recipient.auth,
    );
    expect(again.json().code).toBe('RECEIPT_NOT_AWAITED');
    expect((await detail(group.id, admin.auth)).cycles[0].payout).toMatchObject({
      receiptStatus: 'confirmed',
      received: '300.00',
    });
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('refuses a bad received amount without changing anything', async () => {
    const { admin, members, group } = await fullCircle();
    await recordAll(
      group.id,
      admin,
      members.map((m) => m.id),
    );
    await post(
      t.app,
      '/api/groups/process-payout',
      { groupId: group.id, cycleNumber: 1, delivery: 'off_app' },
      admin.auth,
    );
    const cycle1 = (await detail(group.id, admin.auth)).cycles[0];
    const recipient = members.find((m) => m.id === cycle1.recipientId)!;
    const bad = await post(
      t.app,
      `/api/payouts/${cycle1.payout.id}/receipt`,
      { receivedAmount: '-3' },
      recipient.auth,
    );
    expect(bad.statusCode).toBe(400);
    expect((await detail(group.id, admin.auth)).cycles[0].payout.receiptStatus).toBe('awaiting');
    // A wallet payout needs no receipt.
    await recordAll(
      group.id,
      admin,
      members.map((m) => m.id),
    );
    await post(t.app, '/api/groups/process-payout', { groupId: group.id, cycleNumber: 2 }, admin.auth);
    const cycle2 = (await detail(group.id, admin.auth)).cycles[1];
    const recipient2 = members.find((m) => m.id === cycle2.recipientId)!;
    const noNeed = await post(
      t.app,
      `/api/payouts/${cycle2.payout.id}/receipt`,
      { receivedAmount: '291.00' },
      recipient2.auth,
    );
    expect(noNeed.json().code).toBe('RECEIPT_NOT_AWAITED');
  });

  it('a frozen circle releases nothing, by hand or automatically, until it is unfrozen', async () => {
    const { admin, b, members, group } = await fullCircle({ autoPayout: true });
    await recordAll(
      group.id,
      admin,
      members.map((m) => m.id),
    );
    expect(
      (await post(t.app, `/api/groups/${group.id}/freeze`, { reason: 'Treasurer travelling' }, b.auth))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(t.app, `/api/groups/${group.id}/freeze`, { reason: ' ' }, admin.auth)).statusCode,
    ).toBe(400);
    const frozen = await post(
      t.app,
      `/api/groups/${group.id}/freeze`,
      { reason: 'Treasurer travelling' },
      admin.auth,
    );
    expect(frozen.json()).toEqual({ success: true, frozen: true });
    expect((await detail(group.id, b.auth)).group.frozen).toBe(true);
    expect((await detail(group.id, admin.auth)).currentCycle.canProcessPayout).toBe(false);

    const refused = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId: group.id, cycleNumber: 1 },
      admin.auth,
    );
    expect(refused.json().code).toBe('GROUP_FROZEN');
    t.clock.advance(40 * DAY);
    await runDueWork(t.ctx);
    expect((await detail(group.id, admin.auth)).cycles[0].status).toBe('current');

    expect((await post(t.app, `/api/groups/${group.id}/unfreeze`, {}, admin.auth)).json().frozen).toBe(false);
    expect((await post(t.app, `/api/groups/${group.id}/unfreeze`, {}, admin.auth)).json().code).toBe(
      'GROUP_NOT_FROZEN',
    );
    await runDueWork(t.ctx);
    expect((await detail(group.id, admin.auth)).cycles[0].status).toBe('completed');
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('shares the reserve at completion among members without debts, and later penalty money too', async () => {
    const { admin, b, c, group } = await fullCircle();
    const late = new Map<number, number>();
    for (let cycle = 1; cycle <= 3; cycle++) {
      // Everyone pays a day late (grace 0): a $10 penalty each cycle.
      t.clock.advance(32 * DAY);
      const rows = await recordAll(group.id, admin, [admin.id, b.id, c.id]);
      for (const row of rows) {
        expect(row.penaltyStatus).toBe('owed');
        // b and the admin settle their penalties at once; c leaves theirs owing.
        if (row.userId !== c.id)
          await post(t.app, `/api/contributions/${row.id}/penalty/pay`, { method: 'cash' }, admin.auth);
        else late.set(cycle, row.id);
      }
      const paid = await post(
        t.app,
        '/api/groups/process-payout',
        { groupId: group.id, cycleNumber: cycle },
        admin.auth,
      );
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const reserve = { kind: 'reserve' as const, groupId: group.id };
    const completed = await detail(group.id, admin.auth);
    expect(completed.group.status).toBe('completed');
    // Six penalties of $10 were paid: $60, shared by the two members without debts.
    expect(await balanceOf(t.db, reserve)).toBe(0);
    const payout = 30_000 - 870 - 30; // pool − 2.9% − $0.30
    expect(await balanceOf(t.db, { kind: 'wallet', userId: admin.id })).toBe(payout + 3000);
    expect(await balanceOf(t.db, { kind: 'wallet', userId: b.id })).toBe(payout + 3000);
    expect(await balanceOf(t.db, { kind: 'wallet', userId: c.id })).toBe(payout);

    // c pays two of the three penalties: still in debt, so the $20 goes to the other two.
    await post(t.app, `/api/contributions/${late.get(1)}/penalty/pay`, { method: 'cash' }, admin.auth);
    await post(t.app, `/api/contributions/${late.get(2)}/penalty/pay`, { method: 'cash' }, admin.auth);
    expect(await balanceOf(t.db, { kind: 'wallet', userId: b.id })).toBe(payout + 4000);
    // The last one is waived: c is now free of debts but nothing is left to share.
    await post(
      t.app,
      `/api/contributions/${late.get(3)}/penalty/waive`,
      { reason: 'Settled at the meeting' },
      admin.auth,
    );
    expect(await balanceOf(t.db, { kind: 'wallet', userId: c.id })).toBe(payout);
    expect(await balanceOf(t.db, reserve)).toBe(0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
