import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { activeCircle, DAY, fundWallet, type Person, verifiedBank } from '#server/test/circles.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('a late member pays their own penalty from the wallet on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // Manual jobs: a requested withdrawal keeps its hold for as long as the test needs.
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
  });
  afterAll(() => t.close());

  const wallet = async (who: Person) => (await get(t.app, '/api/wallet', who.auth)).json();
  const payFromWallet = (contributionId: number, who: Person) =>
    post(t.app, `/api/contributions/${contributionId}/penalty/pay`, { method: 'wallet' }, who.auth);
  const withdraw = (who: Person, amount: string) =>
    post(t.app, '/api/withdrawals/request', { method: 'bank_transfer', amount }, who.auth);

  /** A circle whose member `late` paid cycle 1 after the grace period: a $5.00 penalty is owed. */
  async function latePayer() {
    const circle = await activeCircle(t);
    const [admin, late, other] = circle.members as [Person, Person, Person];
    t.clock.advance(8 * DAY);
    const recorded = await post(
      t.app,
      `/api/groups/${circle.groupId}/contributions/record`,
      { userId: late.id, method: 'cash' },
      admin.auth,
    );
    expect(recorded.json()).toMatchObject({ late: true, penaltyCents: 500, penaltyStatus: 'owed' });
    await verifiedBank(t, late.id);
    return { ...circle, admin, late, other, contributionId: recorded.json().id as number };
  }

  it('moves the penalty from the wallet to the reserve, never spending money a withdrawal holds', async () => {
    const { groupId, admin, late, other, contributionId } = await latePayer();
    const reserve = () => balanceOf(t.db, { kind: 'reserve', groupId });

    expect((await payFromWallet(contributionId, late)).json().code).toBe('INSUFFICIENT_FUNDS');
    await fundWallet(t, late.id, 800);
    expect((await withdraw(late, '4.00')).statusCode).toBe(201);
    // $8.00 in the wallet, $4.00 of it held: $4.00 cannot pay $5.00.
    const refused = await payFromWallet(contributionId, late);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await reserve()).toBe(0);

    // Only the late member may pay it from a wallet: not another member, not the admin, not an outsider.
    await fundWallet(t, other.id, 10_000);
    await fundWallet(t, admin.id, 10_000);
    expect((await payFromWallet(contributionId, other)).json().code).toBe('PENALTY_NOT_YOURS');
    expect((await payFromWallet(contributionId, admin)).json().code).toBe('PENALTY_NOT_YOURS');
    expect((await payFromWallet(contributionId, await signUp(t.app))).json().code).toBe(
      'CONTRIBUTION_NOT_FOUND',
    );
    expect(await wallet(other)).toMatchObject({ balance: '100.00' });

    await fundWallet(t, late.id, 100);
    const paid = await payFromWallet(contributionId, late);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().penaltyStatus).toBe('paid');
    expect(await wallet(late)).toEqual({ balance: '4.00', held: '4.00', available: '0.00' });
    expect(await reserve()).toBe(500);
    expect((await payFromWallet(contributionId, late)).json().code).toBe('NO_PENALTY_OWED');
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('a penalty and a withdrawal racing for the same money: exactly one gets it', async () => {
    const { groupId, late, contributionId } = await latePayer();
    await fundWallet(t, late.id, 600);
    const [penalty, withdrawal] = await Promise.all([
      payFromWallet(contributionId, late),
      withdraw(late, '5.00'),
    ]);
    const succeeded = [penalty.statusCode === 200, withdrawal.statusCode === 201].filter(Boolean);
    expect(succeeded).toHaveLength(1);
    const loser = penalty.statusCode === 200 ? withdrawal : penalty;
    expect(loser.json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await wallet(late)).available).toBe('1.00');
    expect(await balanceOf(t.db, { kind: 'reserve', groupId })).toBe(penalty.statusCode === 200 ? 500 : 0);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
