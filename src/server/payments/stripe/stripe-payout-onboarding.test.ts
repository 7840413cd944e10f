import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { linkedBank, useStripeStandIn } from '#server/test/stripe-stand-in/provider-fixture.ts';
import type { ProviderBankAccount } from '../provider.ts';
import { readinessOf } from './payout-onboarding.ts';

const RETURN_URL = 'https://savecircle.example/withdrawal?payout_setup=done';
const REFRESH_URL = 'https://savecircle.example/withdrawal?payout_setup=retry';

/** A connected account as Stripe reports it, with only what readiness reads. */
function account(payoutsEnabled: boolean, requirements: Partial<Stripe.Account.Requirements>) {
  return {
    id: 'acct_1',
    object: 'account',
    payouts_enabled: payoutsEnabled,
    requirements: {
      currently_due: [],
      past_due: [],
      pending_verification: [],
      disabled_reason: null,
      ...requirements,
    },
  } as unknown as Stripe.Account;
}

describe('what a connected account means for payouts', () => {
  it('is ready once Stripe enables payouts, whatever it may ask for later', () => {
    expect(readinessOf(account(true, { currently_due: ['individual.id_number'] }))).toEqual({ ready: true });
  });

  it('asks for onboarding while details are due, waits while Stripe checks them, stops when refused', () => {
    expect(
      readinessOf(
        account(false, { currently_due: ['tos_acceptance.date'], disabled_reason: 'requirements.past_due' }),
      ),
    ).toEqual({ ready: false, reason: 'onboarding_required' });
    expect(
      readinessOf(
        account(false, {
          pending_verification: ['individual.verification.document'],
          disabled_reason: 'requirements.pending_verification',
        }),
      ),
    ).toEqual({ ready: false, reason: 'under_review' });
    expect(readinessOf(account(false, { disabled_reason: 'rejected.fraud' }))).toEqual({
      ready: false,
      reason: 'rejected',
    });
    // Something due and something checked: the person still has a step to take.
    expect(
      readinessOf(
        account(false, {
          currently_due: ['individual.dob.day'],
          pending_verification: ['individual.id_number'],
        }),
      ),
    ).toEqual({ ready: false, reason: 'onboarding_required' });
  });
});

describe('Stripe payout onboarding against a local stand-in', () => {
  const fixture = useStripeStandIn();
  const holder = (account: ProviderBankAccount | null) => ({ userId: 42, account });
  async function newBank() {
    const bank = await linkedBank(fixture.stripe);
    fixture.standIn.reset();
    return bank;
  }

  it('needs a bank linked through Stripe before anything else, and asks Stripe nothing without one', async () => {
    expect(await fixture.stripe.payoutReadiness(holder(null))).toEqual({
      ready: false,
      reason: 'bank_account_required',
    });
    const sandboxBank = {
      providerRef: 'sbx_ba_1',
      providerData: { testBehaviour: 'succeeds' },
      microDepositsCents: null,
    };
    expect(await fixture.stripe.payoutReadiness(holder(sandboxBank))).toEqual({
      ready: false,
      reason: 'bank_account_required',
    });
    await expect(
      fixture.stripe.startPayoutOnboarding({
        ...holder(sandboxBank),
        returnUrl: RETURN_URL,
        refreshUrl: REFRESH_URL,
      }),
    ).rejects.toMatchObject({ code: 'BANK_ACCOUNT_REQUIRED' });
    expect(fixture.standIn.requests).toHaveLength(0);

    const gone = { ...sandboxBank, providerData: { customerId: 'cus_unknown', paymentMethodId: 'pm_x' } };
    expect(await fixture.stripe.payoutReadiness(holder(gone))).toEqual({
      ready: false,
      reason: 'bank_account_required',
    });
  });

  it('reads readiness without creating an account, then onboards through an Account Link', async () => {
    const bank = await newBank();
    fixture.standIn.state.payoutsEnabled = false;
    expect(await fixture.stripe.payoutReadiness(holder(bank))).toEqual({
      ready: false,
      reason: 'onboarding_required',
    });
    expect(fixture.standIn.calls('POST', '/v1/accounts')).toHaveLength(0);

    const { url } = await fixture.stripe.startPayoutOnboarding({
      ...holder(bank),
      returnUrl: RETURN_URL,
      refreshUrl: REFRESH_URL,
    });
    const [created] = fixture.standIn.calls('POST', '/v1/accounts');
    expect(created?.body).toMatchObject({ business_type: 'individual', country: 'US' });
    const [link] = fixture.standIn.calls('POST', '/v1/account_links');
    const connectedId = link?.body.account as string;
    expect(connectedId).toMatch(/^acct_/);
    expect(link?.body).toEqual({
      account: connectedId,
      type: 'account_onboarding',
      collection_options: { fields: 'currently_due' },
      return_url: RETURN_URL,
      refresh_url: REFRESH_URL,
    });
    expect(url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/c/${connectedId}/`));
    // The linked bank is the account's payout destination before Stripe's page opens, so the page
    // does not ask for bank details a second time.
    const attached = fixture.standIn.calls('POST', `/v1/accounts/${connectedId}/external_accounts`);
    expect(attached).toHaveLength(1);
    expect(fixture.standIn.requests.indexOf(attached[0]!)).toBeLessThan(
      fixture.standIn.requests.indexOf(link!),
    );

    expect(await fixture.stripe.payoutReadiness(holder(bank))).toEqual({
      ready: false,
      reason: 'onboarding_required',
    });
    // Onboarding done at Stripe: the same account now pays out.
    fixture.standIn.state.payoutsEnabled = true;
    expect(await fixture.stripe.payoutReadiness(holder(bank))).toEqual({ ready: true });

    // A second link (the first expired) reuses the account and its bank.
    fixture.standIn.reset();
    await fixture.stripe.startPayoutOnboarding({
      ...holder(bank),
      returnUrl: RETURN_URL,
      refreshUrl: REFRESH_URL,
    });
    expect(fixture.standIn.calls('POST', '/v1/accounts')).toHaveLength(0);
    expect(fixture.standIn.calls('POST', `/v1/accounts/${connectedId}/external_accounts`)).toHaveLength(0);
    expect(fixture.standIn.calls('POST', '/v1/account_links')[0]?.body.account).toBe(connectedId);
  });

  it('refuses relative return URLs before calling Stripe', async () => {
    const bank = await newBank();
    await expect(
      fixture.stripe.startPayoutOnboarding({
        ...holder(bank),
        returnUrl: '/withdrawal?payout_setup=done',
        refreshUrl: REFRESH_URL,
      }),
    ).rejects.toThrow(/absolute/);
    expect(fixture.standIn.requests).toHaveLength(0);
  });
});
