import { describe, expect, it } from 'vitest';
import { fcAccount } from '#server/test/stripe-stand-in/fake-api.ts';
import { holder, startLink, useStripeStandIn } from '#server/test/stripe-stand-in/provider-fixture.ts';
import { bankAccountFingerprint } from '../fingerprint.ts';

describe('Stripe bank linking against a local stand-in for the API', () => {
  const fixture = useStripeStandIn();
  const start = (customerRef: string | null = null) => startLink(fixture.stripe, customerRef);

  it('opens a Financial Connections session for a new Stripe Customer, then reuses that customer', async () => {
    const started = await start();
    const [customer] = fixture.standIn.calls('POST', '/v1/customers');
    expect(customer?.body).toEqual({
      email: holder.email,
      name: holder.fullName,
      metadata: { savecircle_user_id: '42' },
    });
    const [session] = fixture.standIn.calls('POST', '/v1/financial_connections/sessions');
    expect(session?.body).toEqual({
      account_holder: { type: 'customer', customer: started.customerRef },
      permissions: ['payment_method'],
      filters: { country: 'US', account_subcategories: ['checking', 'savings'] },
    });
    expect(session?.idempotencyKey).toMatch(
      new RegExp(`^savecircle-fc-session-bls_\\d+-${started.customerRef}$`),
    );
    expect(started).toEqual({
      providerRef: expect.stringMatching(/^fcsess_/),
      clientSecret: expect.stringMatching(/^fcsess_.+_secret_/),
      hostedUrl: null,
      publishableKey: 'pk_test_savecircle_standin',
      customerRef: expect.stringMatching(/^cus_/),
    });

    fixture.standIn.reset();
    expect((await start(started.customerRef)).customerRef).toBe(started.customerRef);
    expect(fixture.standIn.calls('POST', '/v1/customers')).toHaveLength(0);
    // A customer Stripe no longer knows (keys of another mode) is replaced, not an error.
    const replaced = await start('cus_from_test_mode');
    expect(replaced.customerRef).not.toBe('cus_from_test_mode');
    expect(fixture.standIn.calls('POST', '/v1/customers')).toHaveLength(1);
  });

  it('sets up debits from the linked account with an online mandate and verifies it at once', async () => {
    const { providerRef, customerRef } = await start();
    const linked = await fixture.stripe.completeBankLink({ providerRef, userId: 42, holder });
    const [setup] = fixture.standIn.calls('POST', '/v1/setup_intents');
    expect(setup?.body).toMatchObject({
      customer: customerRef,
      allowed_payment_method_types: ['us_bank_account'],
      payment_method_data: {
        type: 'us_bank_account',
        us_bank_account: { financial_connections_account: 'fca_checking' },
        billing_details: { name: holder.fullName, email: holder.email },
      },
      payment_method_options: { us_bank_account: { verification_method: 'instant' } },
      usage: 'off_session',
      confirm: 'true',
      mandate_data: {
        customer_acceptance: {
          type: 'online',
          online: { ip_address: '203.0.113.7', user_agent: 'Firefox/140' },
        },
      },
      expand: ['payment_method'],
    });
    expect(setup?.idempotencyKey).toBe(`savecircle-bank-link-${providerRef}-fca_checking`);
    expect(linked).toEqual({
      providerRef: expect.stringMatching(/^pm_/),
      providerData: {
        customerId: customerRef,
        financialConnectionsAccountId: 'fca_checking',
        paymentMethodId: linked.providerRef,
        mandateId: expect.stringMatching(/^mandate_/),
        setupIntentId: expect.stringMatching(/^seti_/),
      },
      bankName: 'StripeBank',
      last4: '6789',
      fingerprint: bankAccountFingerprint(
        fixture.config.fingerprintSecret,
        '110000000',
        'stripe:fp_StripeBank_6789',
      ),
      accountType: 'checking',
      verification: { method: 'instant' },
    });
    // The same bank through a new link: the same fingerprint, so the duplicate check catches it.
    const again = await fixture.stripe.completeBankLink({
      providerRef: (await start()).providerRef,
      userId: 42,
      holder,
    });
    expect(again.fingerprint).toBe(linked.fingerprint);
    expect(again.providerRef).not.toBe(linked.providerRef);
    expect(await fixture.stripe.verifyMicroDeposits()).toBe(false);
  });

  it('declines accounts ACH cannot use, and accounts Stripe refuses', async () => {
    const { providerRef } = await start();
    fixture.standIn.state.linkedAccounts = [fcAccount({ status: 'inactive' })];
    await expect(fixture.stripe.completeBankLink({ providerRef, userId: 42, holder })).rejects.toMatchObject({
      code: 'BANK_LINK_DECLINED',
    });
    fixture.standIn.state.linkedAccounts = [fcAccount({ supported_payment_method_types: ['link'] })];
    await expect(fixture.stripe.completeBankLink({ providerRef, userId: 42, holder })).rejects.toMatchObject({
      code: 'BANK_LINK_DECLINED',
    });
    expect(fixture.standIn.calls('POST', '/v1/setup_intents')).toHaveLength(0);

    fixture.standIn.state.linkedAccounts = [fcAccount({ id: 'fca_savings', subcategory: 'savings' })];
    expect((await fixture.stripe.completeBankLink({ providerRef, userId: 42, holder })).accountType).toBe(
      'savings',
    );
    fixture.standIn.state.linkedAccounts = [fcAccount({ id: 'fca_refused' })];
    fixture.standIn.override((r) =>
      r.path === '/v1/setup_intents'
        ? {
            status: 402,
            body: {
              error: {
                type: 'card_error',
                code: 'bank_account_unusable',
                message: 'This account cannot be debited',
              },
            },
          }
        : undefined,
    );
    await expect(fixture.stripe.completeBankLink({ providerRef, userId: 42, holder })).rejects.toMatchObject({
      code: 'BANK_LINK_DECLINED',
    });
  });
});
