import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { registerSecurity } from '#server/http/security.ts';
import {
  signatureFor,
  stripeEvent,
  TEST_WEBHOOK_SECRET,
} from '#server/test/stripe-stand-in/signed-events.ts';
import { createPaymentProvider, paymentBrowserSources } from '../provider.ts';
import { SandboxProvider } from '../sandbox/sandbox-provider.ts';
import { StripeProvider } from './stripe-provider.ts';

const base = loadConfig({ NODE_ENV: 'test' }).payments;
const testKeys = {
  stripeSecretKey: 'sk_test_x',
  stripePublishableKey: 'pk_test_x',
  stripeWebhookSecret: TEST_WEBHOOK_SECRET,
};
const stripe = new StripeProvider({ ...base, ...testKeys });
const parse = (payload: string, header: string | null = signatureFor(payload)) =>
  stripe.parseWebhook(payload, header === null ? {} : { 'stripe-signature': header });

describe('Stripe webhooks as our payment events', () => {
  it('maps the events we act on, and only those', () => {
    expect(parse(stripeEvent('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' }))).toEqual({
      type: 'debit.succeeded',
      providerRef: 'pi_1',
    });
    const failed = {
      id: 'pi_2',
      object: 'payment_intent',
      last_payment_error: { code: 'insufficient_funds', message: 'The account has insufficient funds' },
    };
    expect(parse(stripeEvent('payment_intent.payment_failed', failed))).toEqual({
      type: 'debit.failed',
      providerRef: 'pi_2',
      failureCode: 'insufficient_funds',
      failureMessage: 'The account has insufficient funds',
    });
    expect(parse(stripeEvent('payout.paid', { id: 'po_1', object: 'payout' }, 'acct_1'))).toEqual({
      type: 'payout.paid',
      providerRef: 'po_1',
    });
    const returned = {
      id: 'po_2',
      object: 'payout',
      failure_code: 'account_closed',
      failure_message: 'The bank account has been closed',
    };
    expect(parse(stripeEvent('payout.failed', returned, 'acct_1'))).toEqual({
      type: 'payout.failed',
      providerRef: 'po_2',
      failureCode: 'account_closed',
      failureMessage: 'The bank account has been closed',
    });
    // The platform's own payout to its bank is not a member's withdrawal.
    expect(parse(stripeEvent('payout.paid', { id: 'po_3', object: 'payout' }))).toBeNull();
    expect(parse(stripeEvent('identity.verification_session.verified', { id: 'vs_1' }))).toEqual({
      type: 'identity.verified',
      providerRef: 'vs_1',
    });
    const retry = {
      id: 'vs_2',
      last_error: { code: 'document_expired', reason: 'The document is expired.' },
    };
    expect(parse(stripeEvent('identity.verification_session.requires_input', retry))).toEqual({
      type: 'identity.failed',
      providerRef: 'vs_2',
      failureCode: 'document_expired',
      failureMessage: 'The document is expired.',
    });
    expect(parse(stripeEvent('customer.created', { id: 'cus_1' }))).toBeNull();
  });

  it('refuses a missing, forged or stale signature', () => {
    const payload = stripeEvent('payout.paid', { id: 'po_1' }, 'acct_1');
    const refused = { code: 'WEBHOOK_SIGNATURE_INVALID', status: 400 };
    expect(() => parse(payload, null)).toThrow(expect.objectContaining(refused));
    expect(() => parse(payload, signatureFor(payload, { secret: 'whsec_someone_else' }))).toThrow(
      expect.objectContaining(refused),
    );
    expect(() => parse(payload.replace('po_1', 'po_9'), signatureFor(payload))).toThrow(
      expect.objectContaining(refused),
    );
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() => parse(payload, signatureFor(payload, { timestamp: tenMinutesAgo }))).toThrow(
      expect.objectContaining(refused),
    );
    const unconfigured = new StripeProvider({ ...base, ...testKeys, stripeWebhookSecret: undefined });
    expect(() => unconfigured.parseWebhook(payload, { 'stripe-signature': signatureFor(payload) })).toThrow(
      expect.objectContaining(refused),
    );
  });

  it('accepts events from either endpoint secret (platform events and Connect events)', () => {
    const twoEndpoints = new StripeProvider({
      ...base,
      ...testKeys,
      stripeWebhookSecret: `whsec_platform, ${TEST_WEBHOOK_SECRET}`,
    });
    const payload = stripeEvent('payout.paid', { id: 'po_7' }, 'acct_1');
    expect(twoEndpoints.parseWebhook(payload, { 'stripe-signature': signatureFor(payload) })).toEqual({
      type: 'payout.paid',
      providerRef: 'po_7',
    });
    expect(
      twoEndpoints.parseWebhook(payload, {
        'stripe-signature': signatureFor(payload, { secret: 'whsec_platform' }),
      }),
    ).not.toBeNull();
  });
});

describe('choosing Stripe', () => {
  it('runs the sandbox without a key and Stripe with one, and says whether real money moves', () => {
    expect(createPaymentProvider(base)).toBeInstanceOf(SandboxProvider);
    const test = createPaymentProvider({ ...base, ...testKeys });
    expect(test).toBeInstanceOf(StripeProvider);
    expect(test.info).toEqual({
      name: 'stripe',
      label: 'Stripe test mode: no real money moves',
      movesRealMoney: false,
      payoutMethods: ['bank_transfer', 'instant'],
    });
    const live = createPaymentProvider({
      ...base,
      stripeSecretKey: 'sk_live_x',
      stripePublishableKey: 'pk_live_x',
    });
    expect(live.info).toEqual({
      name: 'stripe',
      label: 'Secured by Stripe',
      movesRealMoney: true,
      payoutMethods: ['bank_transfer', 'instant'],
    });
  });

  it('refuses an incomplete or inconsistent Stripe configuration at start-up', () => {
    const production = { NODE_ENV: 'production', BANK_FINGERPRINT_SECRET: 'x'.repeat(32) };
    const keys = { STRIPE_SECRET_KEY: 'sk_live_a', STRIPE_PUBLISHABLE_KEY: 'pk_live_a' };
    expect(() => loadConfig({ ...production, ...keys })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(
      loadConfig({ ...production, ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_a' }).payments.stripeSecretKey,
    ).toBe('sk_live_a');
    expect(() =>
      loadConfig({
        ...production,
        ...keys,
        STRIPE_WEBHOOK_SECRET: 'whsec_a',
        STRIPE_API_BASE: 'http://127.0.0.1:1',
      }),
    ).toThrow(/STRIPE_API_BASE/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_a' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'pk_live_a' })).toThrow(
      /both/,
    );
    // Outside production a missing webhook secret only means no webhook is accepted.
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'pk_test_a' }).payments
        .stripeWebhookSecret,
    ).toBeUndefined();
  });

  it('lets the page load Stripe.js only when Stripe runs', async () => {
    const csp = async (payments: typeof base) => {
      const app = Fastify();
      await registerSecurity(app, { isProduction: false, extraSources: paymentBrowserSources(payments) });
      app.get('/', async () => 'ok');
      const header = String(
        (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      await app.close();
      return Object.fromEntries(
        header
          .split(';')
          .map((d) => d.trim().split(' '))
          .map(([name, ...values]) => [name, values]),
      );
    };
    const sandbox = await csp(base);
    expect(sandbox['script-src']).toEqual(["'self'"]);
    expect(sandbox['frame-src']).toBeUndefined();
    const withStripe = await csp({ ...base, ...testKeys });
    expect(withStripe['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(withStripe['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(withStripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
  });
});
