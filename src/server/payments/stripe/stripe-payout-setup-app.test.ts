import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { useStripeApp } from '#server/test/stripe-stand-in/app-fixture.ts';
import { testEngines } from '#server/test/test-app.ts';

describe.each(testEngines)('Stripe payout setup through the app on %s', (engine) => {
  const { fixture, memberWithBank } = useStripeApp(engine);
  const readiness = async (auth: Record<string, string>) =>
    get(fixture.t.app, '/api/payments/payout-readiness', auth);
  /** As a browser on the app's public address sends it. */
  const onboard = (auth: Record<string, string>) =>
    fixture.t.app.inject({
      method: 'POST',
      url: '/api/payments/payout-onboarding',
      headers: { ...auth, host: 'savecircle.example:8443' },
    });

  it('tells the UI which methods Stripe pays out', async () => {
    const member = await signUp(fixture.t.app);
    const info = (await get(fixture.t.app, '/api/payments/provider', member.auth)).json();
    expect(info).toMatchObject({ name: 'stripe', payoutMethods: ['bank_transfer', 'instant'] });
  });

  it('sends a member whose payouts are not enabled to Stripe’s onboarding, back to absolute URLs', async () => {
    const member = await memberWithBank();
    fixture.standIn.state.payoutsEnabled = false;
    const before = await readiness(member.auth);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ ready: false, reason: 'onboarding_required' });

    const started = await onboard(member.auth);
    expect(started.statusCode, started.body).toBe(200);
    const link = fixture.standIn.calls('POST', '/v1/account_links').at(-1)!;
    const connectedId = link.body.account as string;
    expect(started.json()).toEqual({
      url: expect.stringMatching(
        new RegExp(`^https://connect\\.stripe\\.com/setup/c/${connectedId}/standin_`),
      ),
    });
    expect(link.body).toMatchObject({
      type: 'account_onboarding',
      return_url: 'http://savecircle.example:8443/withdrawal?payout_setup=done',
      refresh_url: 'http://savecircle.example:8443/withdrawal?payout_setup=retry',
    });
    expect(await readiness(member.auth).then((r) => r.json())).toEqual({
      ready: false,
      reason: 'onboarding_required',
    });

    // Stripe enabled payouts once the member finished its pages.
    fixture.standIn.state.payoutsEnabled = true;
    expect((await readiness(member.auth)).json()).toEqual({ ready: true });
  });

  it('asks for a bank first, and answers only to the signed-in member', async () => {
    const member = await signUp(fixture.t.app);
    expect((await readiness(member.auth)).json()).toEqual({ ready: false, reason: 'bank_account_required' });
    const refused = await onboard(member.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BANK_ACCOUNT_REQUIRED' });
    expect((await readiness({})).statusCode).toBe(401);
    expect((await onboard({})).statusCode).toBe(401);
  });

  it('refuses a wire before anything is held, and leaves the wallet as it was', async () => {
    const member = await memberWithBank(50_000);
    const wallet = async () => (await get(fixture.t.app, '/api/wallet', member.auth)).json();
    const asked = fixture.standIn.requests.length;
    for (const [method, recipientInfo] of [
      ['wire', 'Ama Mensah, Harbor Bank, SWIFT HARBUS33, IBAN US00 0000'],
      ['check', 'Ama Mensah, 1 Main St, Springfield, IL 62701'],
    ] as const) {
      const reply = await post(
        fixture.t.app,
        '/api/withdrawals/request',
        { method, amount: '200.00', recipientInfo },
        { ...member.auth, 'idempotency-key': `refused-${method}-${member.id}` },
      );
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json()).toMatchObject({ code: 'METHOD_UNAVAILABLE' });
    }
    expect(await wallet()).toEqual({ balance: '500.00', held: '0.00', available: '500.00' });
    expect(await fixture.t.db.select().from(withdrawals).where(eq(withdrawals.userId, member.id))).toEqual(
      [],
    );
    expect(fixture.standIn.requests.length).toBe(asked);
  });
});
