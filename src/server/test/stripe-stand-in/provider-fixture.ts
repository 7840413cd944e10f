import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadConfig, type PaymentsConfig } from '#server/config.ts';
import type { ProviderBankAccount } from '#server/payments/provider.ts';
import { StripeProvider } from '#server/payments/stripe/stripe-provider.ts';
import { TEST_WEBHOOK_SECRET } from './signed-events.ts';
import { type StripeStandIn, startStripeStandIn, stripeTestSettings } from './stripe-stand-in.ts';

/** The person linking a bank, as the app passes them (the mandate's online acceptance). */
export const holder = {
  fullName: 'Ama Mensah',
  email: 'ama@example.org',
  ipAddress: '203.0.113.7',
  userAgent: 'Firefox/140',
};

/**
 * For one test file: a stand-in for the Stripe API (started before, stopped after, its record
 * cleared before each test) and a Stripe provider aimed at it.
 */
export function useStripeStandIn() {
  const fixture = {} as { standIn: StripeStandIn; config: PaymentsConfig; stripe: StripeProvider };
  beforeAll(async () => {
    fixture.standIn = await startStripeStandIn();
    fixture.config = {
      ...loadConfig({ NODE_ENV: 'test' }).payments,
      ...stripeTestSettings(fixture.standIn, TEST_WEBHOOK_SECRET),
    };
    fixture.stripe = new StripeProvider(fixture.config);
  });
  afterAll(() => fixture.standIn.close());
  beforeEach(() => fixture.standIn.reset());
  return fixture;
}

let sessions = 0;

/** A bank-link session for user 42 (our session ids are unique, as the app's are). */
export function startLink(stripe: StripeProvider, customerRef: string | null = null) {
  sessions += 1;
  return stripe.startBankLink({
    sessionId: `bls_${sessions}`,
    userId: 42,
    email: holder.email,
    fullName: holder.fullName,
    customerRef,
    returnUrl: '/bank-account?session_complete=true',
  });
}

/** A bank linked end to end through Financial Connections, as the callers store it. */
export async function linkedBank(stripe: StripeProvider): Promise<ProviderBankAccount> {
  const { providerRef } = await startLink(stripe);
  const linked = await stripe.completeBankLink({ providerRef, userId: 42, holder });
  return { providerRef: linked.providerRef, providerData: linked.providerData, microDepositsCents: null };
}
