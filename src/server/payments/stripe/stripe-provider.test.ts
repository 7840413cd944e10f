import { describe, expect, it } from 'vitest';
import { linkedBank, useStripeStandIn } from '#server/test/stripe-stand-in/provider-fixture.ts';

describe('Stripe debits and identity checks against a local stand-in for the API', () => {
  const fixture = useStripeStandIn();

  it('debits off-session under the mandate, keyed by our idempotency key', async () => {
    const linked = await linkedBank(fixture.stripe);
    fixture.standIn.reset();
    const input = {
      idempotencyKey: 'debit:7',
      amountCents: 2500,
      account: linked,
      description: 'SaveCircle contribution 3',
    };
    const pending = await fixture.stripe.createDebit(input);
    expect(pending).toEqual({ providerRef: expect.stringMatching(/^pi_/), status: 'pending' });
    const [call] = fixture.standIn.calls('POST', '/v1/payment_intents');
    expect(call?.idempotencyKey).toBe('debit:7');
    expect(call?.body).toEqual({
      amount: '2500',
      currency: 'usd',
      customer: linked.providerData.customerId,
      payment_method: linked.providerData.paymentMethodId,
      allowed_payment_method_types: ['us_bank_account'],
      mandate: linked.providerData.mandateId,
      off_session: 'true',
      confirm: 'true',
      description: 'SaveCircle contribution 3',
      metadata: { savecircle_idempotency_key: 'debit:7' },
    });
    // A repeat (a retry after a crash) gets the same PaymentIntent back: nothing is pulled twice.
    expect((await fixture.stripe.createDebit(input)).providerRef).toBe(pending.providerRef);

    // Refused on the spot: the PaymentIntent exists, and its payment_failed event will settle it.
    fixture.standIn.override((r) =>
      r.path === '/v1/payment_intents'
        ? {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'insufficient_funds',
                message: 'Insufficient funds',
                payment_intent: {
                  id: 'pi_refused',
                  object: 'payment_intent',
                  status: 'requires_payment_method',
                },
              },
            },
          }
        : undefined,
    );
    expect(await fixture.stripe.createDebit({ ...input, idempotencyKey: 'debit:8' })).toEqual({
      providerRef: 'pi_refused',
      status: 'pending',
    });
    await expect(
      fixture.stripe.createDebit({ ...input, account: { ...input.account, providerData: {} } }),
    ).rejects.toMatchObject({
      code: 'BANK_ACCOUNT_REQUIRED',
    });
  });

  it('sends the person to a Stripe Identity document check', async () => {
    const started = await fixture.stripe.createIdentityVerification({
      userId: 42,
      returnUrl: 'https://savecircle.example/dashboard',
    });
    expect(started).toEqual({
      providerRef: expect.stringMatching(/^vs_/),
      url: expect.stringMatching(/^https:\/\/verify\.stripe\.com\//),
    });
    expect(fixture.standIn.calls('POST', '/v1/identity/verification_sessions')[0]?.body).toEqual({
      type: 'document',
      return_url: 'https://savecircle.example/dashboard',
      client_reference_id: 'user_42',
      metadata: { savecircle_user_id: '42' },
    });
    await expect(
      fixture.stripe.createIdentityVerification({ userId: 42, returnUrl: '/dashboard' }),
    ).rejects.toThrow(/absolute/);
  });
});
