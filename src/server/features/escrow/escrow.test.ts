import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '#server/db/groups-schema.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { runDueWork } from '#server/jobs/worker.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import {
  activeCircle,
  DAY,
  everyonePaysCash,
  fundWallet,
  type Person,
  verifiedBank,
} from '#server/test/circles.ts';
import { get, post, put, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('escrow, safeguards and approvals on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
  });
  afterAll(() => t.close());

  const escrows = async (groupId: number, who: Person) =>
    (await get(t.app, `/api/groups/${groupId}/escrow`, who.auth)).json().escrows;
  const release = (escrowId: number, who: Person, extra: object = {}) =>
    post(t.app, '/api/escrow/release', { escrowId, ...extra }, who.auth);
  const safeguard = (groupId: number, rule: string, body: object, who: Person) =>
    put(t.app, `/api/groups/${groupId}/safeguards/${rule}`, body, who.auth);
  const actions = async (groupId: number, who: Person) =>
    (await get(t.app, `/api/groups/${groupId}/actions`, who.auth)).json().pendingActions;
  const approve = (groupId: number, actionId: number, who: Person) =>
    post(t.app, `/api/groups/${groupId}/actions/${actionId}/approve`, {}, who.auth);
  const paidOut = async (groupId: number) => t.db.select().from(payouts).where(eq(payouts.groupId, groupId));

  it('goes collecting → ready → released, with its ledger transactions', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    const [first] = await escrows(groupId, members[1]!);
    expect(first).toMatchObject({
      cycleNumber: 1,
      status: 'collecting',
      totalTarget: '300.00',
      currentBalance: '0.00',
      releaseBlockedBy: 'PAYOUT_NOT_READY',
      transactionCount: 0,
    });
    expect((await release(first.id, admin)).json().code).toBe('ESCROW_NOT_READY');
    await everyonePaysCash(t, admin, groupId, members);
    const [ready] = await escrows(groupId, admin);
    expect(ready).toMatchObject({
      status: 'ready_for_release',
      currentBalance: '300.00',
      contributors: 3,
      canRelease: true,
      releaseBlockedBy: null,
      transactionCount: 3,
    });
    expect((await release(first.id, members[1]!)).statusCode).toBe(403);
    expect((await release(first.id, admin, { authorizedBy: members[1]!.id })).statusCode).toBe(403);
    const done = await release(first.id, admin);
    expect(done.statusCode, done.body).toBe(200);
    const view = await escrows(groupId, admin);
    const [payout] = await paidOut(groupId);
    const paidAt = payout!.paidAt!.toISOString();
    expect(view.find((e: { id: number }) => e.id === first.id)).toMatchObject({
      status: 'released',
      currentBalance: '0.00',
      releaseDate: paidAt.slice(0, 10),
      released: { amount: '291.00', fee: '9.00', at: paidAt },
      // Three deposits, the recipient's part and the fee.
      transactionCount: 5,
    });
    const recipient = payout!.recipientId;
    const tx = (await get(t.app, `/api/escrow/${first.id}/transactions`, members[2]!.auth)).json()
      .transactions;
    expect(tx.filter((x: { type: string }) => x.type === 'deposit')).toHaveLength(3);
    expect(tx.find((x: { type: string }) => x.type === 'withdrawal')).toMatchObject({
      amount: '291.00',
      status: 'completed',
    });
    expect(tx.find((x: { type: string }) => x.type === 'fee')).toMatchObject({ amount: '9.00' });
    expect(await balanceOf(t.db, { kind: 'wallet', userId: recipient })).toBe(29_100);
    expect((await release(first.id, admin)).json().code).toBe('CYCLE_ALREADY_PAID_OUT');
    const outsider = (await activeCircle(t)).admin;
    expect((await get(t.app, `/api/escrow/${first.id}/transactions`, outsider.auth)).statusCode).toBe(404);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('Process Payout on a circle still recruiting says it is not active (it has no cycles yet)', async () => {
    const admin = await signUp(t.app);
    const created = await post(
      t.app,
      '/api/groups',
      { name: 'Still recruiting', contributionAmount: '50.00', memberLimit: 3 },
      admin.auth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const payout = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId: created.json().id, cycleNumber: 1 },
      admin.auth,
    );
    expect(payout.json().code).toBe('GROUP_NOT_ACTIVE');
  });

  it('with multi-signature on, a release waits for other members’ approvals, never the requester’s', async () => {
    const { admin, members, groupId } = await activeCircle(t, 4);
    const [, a, b, c] = members as Person[];
    expect(
      (
        await safeguard(
          groupId,
          'multi_signature',
          { enabled: true, configuration: { requiredApprovals: 2 } },
          admin,
        )
      ).statusCode,
    ).toBe(200);
    await everyonePaysCash(t, admin, groupId, members);
    const [escrow] = await escrows(groupId, admin);
    const asked = await release(escrow.id, admin);
    expect(asked.statusCode, asked.body).toBe(202);
    const actionId = asked.json().pendingActionId;
    expect((await release(escrow.id, admin)).json().code).toBe('ACTION_ALREADY_PENDING');
    expect((await approve(groupId, actionId, admin)).json().code).toBe('OWN_ACTION');
    expect((await approve(groupId, actionId, a!)).json()).toMatchObject({
      status: 'pending',
      currentApprovals: 1,
    });
    expect((await approve(groupId, actionId, a!)).json().code).toBe('ALREADY_APPROVED');
    expect(await paidOut(groupId)).toEqual([]);
    // Each other member is emailed the request once; the requester is not.
    const mailed = (kind: string) =>
      t.db
        .select({ userId: emailOutbox.userId })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, kind),
            inArray(
              emailOutbox.userId,
              members.map((m) => m.id),
            ),
          ),
        );
    expect((await mailed('approval_requested')).map((m) => m.userId).sort()).toEqual(
      [a!.id, b!.id, c!.id].sort(),
    );
    const [listed] = await actions(groupId, b!);
    expect(listed).toMatchObject({
      type: 'release_escrow',
      requiredApprovals: 2,
      currentApprovals: 1,
      canApprove: true,
      timeRemaining: 72,
    });
    expect((await approve(groupId, actionId, b!)).json()).toMatchObject({
      status: 'approved',
      blockedBy: null,
    });
    expect(await paidOut(groupId)).toHaveLength(1);
    expect(await mailed('payout_received')).toHaveLength(1);
    expect((await approve(groupId, actionId, c!)).json().code).toBe('ACTION_NOT_PENDING');
    // Process Payout goes through the same safeguard.
    await everyonePaysCash(t, admin, groupId, members);
    const payout = await post(t.app, '/api/groups/process-payout', { groupId, cycleNumber: 2 }, admin.auth);
    expect(payout.statusCode).toBe(202);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('a time lock holds release for its hours after the escrow became ready; an approved release runs when it lifts', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    await safeguard(groupId, 'time_lock', { enabled: true, configuration: { hours: 24 } }, admin);
    await everyonePaysCash(t, admin, groupId, members);
    const [escrow] = await escrows(groupId, admin);
    expect(escrow.unlocksAt).toBe(new Date(t.clock.now().getTime() + DAY).toISOString());
    expect(escrow).toMatchObject({ canRelease: false, releaseBlockedBy: 'ESCROW_TIME_LOCKED' });
    expect((await release(escrow.id, admin)).json().code).toBe('ESCROW_TIME_LOCKED');
    // With signatures too: the approval completes, the release waits for the lock.
    await safeguard(
      groupId,
      'multi_signature',
      { enabled: true, configuration: { requiredApprovals: 1 } },
      admin,
    );
    const actionId = (await release(escrow.id, admin)).json().pendingActionId;
    expect((await approve(groupId, actionId, members[1]!)).json()).toMatchObject({
      status: 'approved',
      blockedBy: 'ESCROW_TIME_LOCKED',
    });
    await runDueWork(t.ctx);
    expect(await paidOut(groupId)).toEqual([]);
    t.clock.advance(DAY + 60_000);
    await runDueWork(t.ctx);
    expect(await paidOut(groupId)).toHaveLength(1);
    expect((await actions(groupId, admin))[0]).toMatchObject({ status: 'approved', waiting: false });
  });

  it('a dispute holds release, automatic or not, until the opener or an admin resolves it', async () => {
    const { admin, members, groupId } = await activeCircle(t, 3, { autoPayout: true });
    await everyonePaysCash(t, admin, groupId, members);
    const [escrow] = await escrows(groupId, admin);
    const opened = await post(
      t.app,
      `/api/escrow/${escrow.id}/disputes`,
      { reason: 'My cash was counted twice' },
      members[2]!.auth,
    );
    expect(opened.statusCode, opened.body).toBe(201);
    expect(
      (await post(t.app, `/api/escrow/${escrow.id}/disputes`, { reason: 'again' }, members[2]!.auth)).json()
        .code,
    ).toBe('DISPUTE_ALREADY_OPEN');
    expect(
      (await post(t.app, `/api/escrow/${escrow.id}/disputes`, { reason: '   ' }, members[1]!.auth))
        .statusCode,
    ).toBe(400);
    expect((await escrows(groupId, admin))[0]).toMatchObject({
      status: 'disputed',
      canRelease: false,
      releaseBlockedBy: 'ESCROW_DISPUTED',
    });
    expect((await release(escrow.id, admin)).json().code).toBe('ESCROW_DISPUTED');
    t.clock.advance(10 * DAY); // past the payout date: auto-payout must still wait
    await runDueWork(t.ctx);
    expect(await paidOut(groupId)).toEqual([]);
    const disputeId = opened.json().disputeId;
    const resolve = (who: Person) =>
      post(
        t.app,
        `/api/escrow/disputes/${disputeId}/resolve`,
        { resolution: 'Recounted: it was right' },
        who.auth,
      );
    expect((await resolve(members[1]!)).json().code).toBe('NOT_DISPUTE_PARTY');
    expect((await resolve(admin)).statusCode).toBe(200);
    expect((await resolve(admin)).json().code).toBe('DISPUTE_ALREADY_RESOLVED');
    await runDueWork(t.ctx);
    expect(await paidOut(groupId)).toHaveLength(1);
  });

  it('an action not approved in 72 hours expires and never runs', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    await safeguard(
      groupId,
      'multi_signature',
      { enabled: true, configuration: { requiredApprovals: 2 } },
      admin,
    );
    await everyonePaysCash(t, admin, groupId, members);
    const [escrow] = await escrows(groupId, admin);
    const actionId = (await release(escrow.id, admin)).json().pendingActionId;
    await approve(groupId, actionId, members[1]!);
    t.clock.advance(73 * 3_600_000);
    expect((await approve(groupId, actionId, members[2]!)).json().code).toBe('ACTION_NOT_PENDING');
    await runDueWork(t.ctx);
    expect((await actions(groupId, admin))[0]).toMatchObject({ status: 'expired', canApprove: false });
    expect(await paidOut(groupId)).toEqual([]);
    // A new request can be made.
    expect((await release(escrow.id, admin)).statusCode).toBe(202);
  });

  it('member vote: easing a safeguard and changing the rotation wait for the members; tightening applies at once', async () => {
    const { admin, members, groupId } = await activeCircle(t, 4);
    expect((await safeguard(groupId, 'member_vote', { enabled: true }, admin)).statusCode).toBe(200);
    expect(
      (await safeguard(groupId, 'time_lock', { enabled: true, configuration: { hours: 48 } }, admin))
        .statusCode,
    ).toBe(200);
    const ease = await safeguard(groupId, 'time_lock', { enabled: true, configuration: { hours: 2 } }, admin);
    expect(ease.statusCode).toBe(202);
    const order = (await get(t.app, `/api/groups/${groupId}`, admin.auth))
      .json()
      .cycles.map((c: { recipientId: number }) => c.recipientId);
    const reversed = [...order].reverse();
    const rotation = await post(
      t.app,
      '/api/groups/adjust-rotation',
      { groupId, newOrder: reversed },
      admin.auth,
    );
    expect(rotation.statusCode, rotation.body).toBe(202);
    // 51% of the 3 other members: 2 approvals.
    const pending = await actions(groupId, members[1]!);
    expect(
      pending.map((a: { type: string; requiredApprovals: number }) => [a.type, a.requiredApprovals]),
    ).toEqual([
      ['adjust_rotation', 2],
      ['update_safeguard', 2],
    ]);
    for (const action of pending) {
      await approve(groupId, action.id, members[1]!);
      expect((await approve(groupId, action.id, members[2]!)).json()).toMatchObject({
        status: 'approved',
        blockedBy: null,
      });
    }
    const after = (await get(t.app, `/api/groups/${groupId}`, admin.auth))
      .json()
      .cycles.map((c: { recipientId: number }) => c.recipientId);
    expect(after).toEqual(reversed);
    const rules = (await get(t.app, `/api/groups/${groupId}/safeguards`, admin.auth)).json().safeguards;
    expect(rules.find((r: { id: string }) => r.id === 'time_lock')).toMatchObject({
      enabled: true,
      configuration: { hours: 2 },
    });
  });

  it('third-party custody keeps the pool in the app: no hand-over outside it', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    const offered = async () =>
      (await get(t.app, `/api/groups/${groupId}`, admin.auth)).json().currentCycle.payoutDeliveries;
    expect(await offered()).toEqual(['wallet', 'off_app']);
    await safeguard(groupId, 'third_party_custody', { enabled: true }, admin);
    // The group page offers what the release accepts: the same rule decides both.
    expect(await offered()).toEqual(['wallet']);
    await everyonePaysCash(t, admin, groupId, members);
    const offApp = await post(
      t.app,
      '/api/groups/process-payout',
      { groupId, cycleNumber: 1, delivery: 'off_app', method: 'cash' },
      admin.auth,
    );
    expect(offApp.json().code).toBe('CUSTODY_WALLET_ONLY');
    expect(
      (await post(t.app, '/api/groups/process-payout', { groupId, cycleNumber: 1 }, admin.auth)).statusCode,
    ).toBe(200);
  });

  it('transaction limits cap members’ withdrawals, the strictest circle’s caps applying, concurrent ones counted', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    const member = members[1]!;
    await verifiedBank(t, member.id);
    await fundWallet(t, member.id, 500_000);
    const limits = { enabled: true, configuration: { perWithdrawalCents: 50_000, dailyCents: 80_000 } };
    expect((await safeguard(groupId, 'transaction_limits', limits, admin)).statusCode).toBe(200);
    const withdraw = (amount: string) =>
      post(t.app, '/api/withdrawals/request', { method: 'bank_transfer', amount }, member.auth);
    const over = await withdraw('500.01');
    expect(over.json().code).toBe('WITHDRAWAL_OVER_LIMIT');
    expect(over.json().message).toContain('$500.00');
    const replies = await Promise.all(['300.00', '300.00', '300.00'].map(withdraw));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
    t.clock.advance(DAY + 1000);
    expect((await withdraw('300.00')).statusCode).toBe(201);
    const wallet = (await get(t.app, '/api/wallet', member.auth)).json();
    expect(wallet.held).toBe('900.00');
  });

  it('safeguard settings: admins only, checked per rule', async () => {
    const { admin, members, groupId } = await activeCircle(t);
    expect((await safeguard(groupId, 'time_lock', { enabled: true }, members[1]!)).statusCode).toBe(403);
    expect(
      (await safeguard(groupId, 'time_lock', { enabled: true, configuration: { hours: 0 } }, admin))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await safeguard(
          groupId,
          'multi_signature',
          { enabled: true, configuration: { requiredApprovals: 3 } },
          admin,
        )
      ).statusCode,
    ).toBe(400);
    expect((await safeguard(groupId, 'teleport', { enabled: true }, admin)).statusCode).toBe(400);
    expect((await safeguard(groupId, 'time_lock', { enabled: 'yes' }, admin)).statusCode).toBe(400);
    const view = (await get(t.app, `/api/groups/${groupId}/safeguards`, members[1]!.auth)).json();
    expect(view.safeguards.map((s: { id: string; enabled: boolean }) => [s.id, s.enabled])).toEqual([
      ['multi_signature', false],
      ['time_lock', false],
      ['member_vote', false],
      ['third_party_custody', false],
      ['transaction_limits', false],
    ]);
    expect(view.custody).toMatchObject({ name: 'sandbox', label: 'Sandbox: no real money moves' });
  });

  it('counts concurrent approvals once: exactly one release', async () => {
    const { admin, members, groupId } = await activeCircle(t, 6);
    await safeguard(
      groupId,
      'multi_signature',
      { enabled: true, configuration: { requiredApprovals: 2 } },
      admin,
    );
    await everyonePaysCash(t, admin, groupId, members);
    const [escrow] = await escrows(groupId, admin);
    const actionId = (await release(escrow.id, admin)).json().pendingActionId;
    const replies = await Promise.all(members.slice(1).map((m) => approve(groupId, actionId, m)));
    const outcomes = replies.map((r) => r.json());
    expect(outcomes.filter((o) => o.status === 'approved')).toHaveLength(1);
    expect(outcomes.filter((o) => o.code === 'ACTION_NOT_PENDING')).toHaveLength(outcomes.length - 2);
    expect(await paidOut(groupId)).toHaveLength(1);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
