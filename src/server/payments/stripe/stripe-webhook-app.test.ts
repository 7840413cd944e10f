import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { get, post } from '#server/test/http-helpers.ts';
import { useStripeApp } from '#server/test/stripe-stand-in/app-fixture.ts';
import { signatureFor, stripeEvent } from '#server/test/stripe-stand-in/signed-events.ts';
import { testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('Stripe payouts settled by signed webhook, through the app on %s', (engine) => {
  const { fixture, deliver, memberWithBank } = useStripeApp(engine);
  const wallet = async (auth: Record<string, string>) =>
    (await get(fixture.t.app, '/api/wallet', auth)).json();
  const withdrawalOf = async (userId: number) =>
    (await fixture.t.db.select().from(withdrawals).where(eq(withdrawals.userId, userId)))[0]!;

  it('completes a withdrawal when the payout is paid, once however often the event comes', async () => {
    const user = await memberWithBank(50_000);
    const requested = await post(
      fixture.t.app,
      '/api/withdrawals/request',
      { method: 'bank_transfer', amount: '100.00' },
      user.auth,
    );
    expect(requested.json().withdrawal.status, requested.body).toBe('processing');
    const withdrawal = await withdrawalOf(user.id);
    const payout = fixture.standIn.calls('POST', '/v1/payouts').at(-1)!;
    expect(payout.body).toMatchObject({ amount: '10000', currency: 'usd', method: 'standard' });

    const paid = stripeEvent(
      'payout.paid',
      { id: withdrawal.providerRef, object: 'payout', status: 'paid' },
      payout.stripeAccount!,
    );
    const reply = await deliver(paid);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ received: true });
    expect((await withdrawalOf(user.id)).status).toBe('completed');
    expect(await wallet(user.auth)).toEqual({ balance: '400.00', held: '0.00', available: '400.00' });
    const bankSide = await balanceOf(fixture.t.db, { kind: 'external', name: 'bank' });
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await balanceOf(fixture.t.db, { kind: 'external', name: 'bank' })).toBe(bankSide);
    expect(await wallet(user.auth)).toEqual({ balance: '400.00', held: '0.00', available: '400.00' });
    expect(await checkLedgerInvariants(fixture.t.db)).toEqual([]);
  });

  it('gives the money back when the payout fails, and takes it back from the connected account', async () => {
    const user = await memberWithBank(20_000);
    await post(fixture.t.app, '/api/withdrawals/request', { method: 'instant', amount: '150' }, user.auth);
    const withdrawal = await withdrawalOf(user.id);
    const payout = fixture.standIn.calls('POST', '/v1/payouts').at(-1)!;
    const transferId = (payout.body.metadata as Record<string, string>).savecircle_transfer;
    const failed = stripeEvent(
      'payout.failed',
      {
        id: withdrawal.providerRef,
        object: 'payout',
        status: 'failed',
        failure_code: 'account_closed',
        failure_message: 'The bank account has been closed',
        metadata: payout.body.metadata,
      },
      payout.stripeAccount!,
    );
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(await withdrawalOf(user.id)).toMatchObject({ status: 'failed', failureCode: 'account_closed' });
    expect(await wallet(user.auth)).toEqual({ balance: '200.00', held: '0.00', available: '200.00' });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(fixture.standIn.calls('POST', `/v1/transfers/${transferId}/reversals`)).toHaveLength(1);
    expect(await checkLedgerInvariants(fixture.t.db)).toEqual([]);
  });

  it('refuses unsigned, forged and stale events with 400 and acknowledges events it ignores', async () => {
    const user = await memberWithBank(30_000);
    await post(
      fixture.t.app,
      '/api/withdrawals/request',
      { method: 'bank_transfer', amount: '50' },
      user.auth,
    );
    const withdrawal = await withdrawalOf(user.id);
    const account = fixture.standIn.calls('POST', '/v1/payouts').at(-1)!.stripeAccount!;
    const paid = stripeEvent('payout.paid', { id: withdrawal.providerRef, object: 'payout' }, account);
    const stale = Math.floor(Date.now() / 1000) - 600;
    for (const header of [
      null,
      signatureFor(paid, { secret: 'whsec_forged' }),
      signatureFor(paid, { timestamp: stale }),
      't=1,v1=00',
    ]) {
      const reply = await deliver(paid, header);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(
      (await deliver(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }))).json(),
    ).toEqual({ received: true });
    expect((await withdrawalOf(user.id)).status).toBe('processing');
    expect(await wallet(user.auth)).toEqual({ balance: '300.00', held: '50.00', available: '250.00' });
  });
});
