import { describe, expect, it } from 'vitest';
import { linkedBank, useStripeStandIn } from '#server/test/stripe-stand-in/provider-fixture.ts';
import type { PayoutInput, ProviderBankAccount } from '../provider.ts';

describe('Stripe payouts through Connect, against a local stand-in', () => {
  const fixture = useStripeStandIn();
  let withdrawalsMade = 0;
  /** A new member's bank, linked like the app links it; the stand-in's record starts after it. */
  async function newBank(): Promise<ProviderBankAccount> {
    const linked = await linkedBank(fixture.stripe);
    fixture.standIn.reset();
    return linked;
  }
  const payout = (
    account: ProviderBankAccount | null,
    overrides: Partial<PayoutInput> = {},
  ): PayoutInput => ({
    idempotencyKey: `withdrawal:${++withdrawalsMade}`,
    amountCents: 10_000,
    account,
    method: 'bank_transfer',
    recipientInfo: null,
    description: 'SaveCircle withdrawal',
    ...overrides,
  });

  it('moves the amount to the member’s connected account, then pays it out to their bank', async () => {
    const bank = await newBank();
    const input = payout(bank);
    const pending = await fixture.stripe.createPayout(input);
    expect(pending).toEqual({ providerRef: expect.stringMatching(/^po_/), status: 'pending' });

    const [account] = fixture.standIn.calls('POST', '/v1/accounts');
    expect(account?.body).toMatchObject({
      country: 'US',
      business_type: 'individual',
      controller: {
        stripe_dashboard: { type: 'none' },
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        requirement_collection: 'application',
      },
      capabilities: { transfers: { requested: 'true' } },
      settings: { payouts: { schedule: { interval: 'manual' } } },
    });
    expect(account?.idempotencyKey).toBe(`savecircle-connected-account-${bank.providerData.customerId}`);
    const connectedId = fixture.standIn.calls('POST', `/v1/customers/${bank.providerData.customerId}`)[0]
      ?.body.metadata as Record<string, string>;
    const acct = connectedId.savecircle_connected_account!;
    expect(acct).toMatch(/^acct_/);
    expect(fixture.standIn.calls('POST', '/v1/tokens')[0]?.body).toEqual({
      customer: bank.providerData.customerId,
      bank_account: { payment_method: bank.providerData.paymentMethodId },
    });
    expect(fixture.standIn.calls('POST', `/v1/accounts/${acct}/external_accounts`)).toHaveLength(1);

    const [transfer] = fixture.standIn.calls('POST', '/v1/transfers');
    expect(transfer?.body).toMatchObject({
      amount: '10000',
      currency: 'usd',
      destination: acct,
      transfer_group: input.idempotencyKey,
    });
    expect(transfer?.idempotencyKey).toBe(`${input.idempotencyKey}:transfer`);
    expect(transfer?.stripeAccount).toBeNull();
    const [sent] = fixture.standIn.calls('POST', '/v1/payouts');
    expect(sent?.stripeAccount).toBe(acct);
    expect(sent?.idempotencyKey).toBe(`${input.idempotencyKey}:payout`);
    expect(sent?.body).toMatchObject({
      amount: '10000',
      currency: 'usd',
      method: 'standard',
      destination: expect.stringMatching(/^ba_/),
    });

    // The same withdrawal again (resubmitted after a crash): no second transfer, the same payout.
    fixture.standIn.reset();
    expect((await fixture.stripe.createPayout(input)).providerRef).toBe(pending.providerRef);
    expect(fixture.standIn.calls('POST', '/v1/transfers')).toHaveLength(0);
    expect(fixture.standIn.calls('POST', '/v1/accounts')).toHaveLength(0);

    // The member's next withdrawal reuses their account and bank, and pays out instantly when asked.
    fixture.standIn.reset();
    await fixture.stripe.createPayout(payout(bank, { method: 'instant', amountCents: 4_000 }));
    expect(fixture.standIn.calls('POST', '/v1/accounts')).toHaveLength(0);
    expect(fixture.standIn.calls('POST', '/v1/tokens')).toHaveLength(0);
    expect(fixture.standIn.calls('POST', '/v1/payouts')[0]?.body).toMatchObject({
      amount: '4000',
      method: 'instant',
    });
  });

  it('refuses wires, checks and unready accounts before any money moves', async () => {
    await expect(
      fixture.stripe.createPayout(payout(null, { method: 'wire', recipientInfo: 'SWIFT X' })),
    ).rejects.toMatchObject({ code: 'METHOD_UNAVAILABLE' });
    await expect(
      fixture.stripe.createPayout(payout(null, { method: 'check', recipientInfo: '1 Main St' })),
    ).rejects.toMatchObject({ code: 'METHOD_UNAVAILABLE' });
    expect(fixture.standIn.requests).toHaveLength(0);
    expect(fixture.stripe.payoutMethods).toEqual(['bank_transfer', 'instant']);

    const bank = await newBank();
    fixture.standIn.state.payoutsEnabled = false;
    await expect(fixture.stripe.createPayout(payout(bank))).rejects.toMatchObject({
      code: 'METHOD_UNAVAILABLE',
      message: expect.stringContaining('payout details'),
    });
    fixture.standIn.state.payoutsEnabled = true;
    fixture.standIn.override((r) =>
      r.method === 'GET' && r.path.endsWith('/external_accounts')
        ? {
            status: 200,
            body: {
              object: 'list',
              has_more: false,
              url: r.path,
              data: [
                {
                  id: 'ba_slow',
                  object: 'bank_account',
                  fingerprint: 'fp_StripeBank_6789',
                  metadata: {},
                  available_payout_methods: ['standard'],
                },
              ],
            },
          }
        : undefined,
    );
    await expect(fixture.stripe.createPayout(payout(bank, { method: 'instant' }))).rejects.toMatchObject({
      code: 'METHOD_UNAVAILABLE',
      message: expect.stringContaining('instant'),
    });
    expect(fixture.standIn.calls('POST', '/v1/transfers')).toHaveLength(0);
    expect(fixture.standIn.calls('POST', '/v1/payouts')).toHaveLength(0);
  });

  it('takes the money back from the connected account when Stripe refuses the payout', async () => {
    const bank = await newBank();
    fixture.standIn.override((r) =>
      r.method === 'POST' && r.path === '/v1/payouts'
        ? {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'balance_insufficient',
                message: 'Insufficient balance',
              },
            },
          }
        : undefined,
    );
    await expect(fixture.stripe.createPayout(payout(bank))).rejects.toThrow(/Insufficient balance/);
    const [transfer] = fixture.standIn.calls('POST', '/v1/transfers');
    expect(transfer).toBeDefined();
    const reversals = fixture.standIn.requests.filter(
      (r) => r.method === 'POST' && /^\/v1\/transfers\/tr_\d+\/reversals$/.test(r.path),
    );
    expect(reversals).toHaveLength(1);
  });
});
