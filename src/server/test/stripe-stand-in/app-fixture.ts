import { afterAll, beforeAll, expect } from 'vitest';
import type { Engine } from '#server/db/client.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp } from '#server/test/test-app.ts';
import { signatureFor, TEST_WEBHOOK_SECRET } from './signed-events.ts';
import { type StripeStandIn, startStripeStandIn, stripeTestSettings } from './stripe-stand-in.ts';

/**
 * For one engine: the real app running the Stripe provider, aimed at a stand-in for the Stripe API,
 * with helpers to link banks through the API and to deliver signed webhooks.
 */
export function useStripeApp(engine: Engine) {
  const fixture = {} as { standIn: StripeStandIn; t: Awaited<ReturnType<typeof createTestApp>> };
  beforeAll(async () => {
    fixture.standIn = await startStripeStandIn();
    fixture.t = await createTestApp(engine, {
      jobs: 'manual',
      configure: (config) =>
        Object.assign(config.payments, stripeTestSettings(fixture.standIn, TEST_WEBHOOK_SECRET)),
    });
  });
  afterAll(async () => {
    await fixture.t.close();
    await fixture.standIn.close();
  });

  /** POST /api/stripe/webhook as Stripe sends it; `header` null sends no signature at all. */
  const deliver = (payload: string, header: string | null = signatureFor(payload)) =>
    fixture.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(header ? { 'stripe-signature': header } : {}),
      },
    });

  let funding = 0;
  /** A member who linked a bank through Financial Connections and, optionally, has wallet money. */
  async function memberWithBank(walletCents = 0) {
    const { t } = fixture;
    const user = await signUp(t.app);
    if (walletCents > 0)
      await postTransfer(t.db, {
        idempotencyKey: `stripe-test-funding:${++funding}`,
        kind: 'payout',
        userId: user.id,
        at: t.clock.now(),
        legs: [
          { account: { kind: 'external', name: 'bank' }, amountCents: -walletCents },
          { account: { kind: 'wallet', userId: user.id }, amountCents: walletCents },
        ],
      });
    const session = (
      await post(t.app, '/api/create-financial-connections-session', undefined, user.auth)
    ).json();
    const linked = await post(
      t.app,
      '/api/complete-bank-connection',
      { sessionId: session.sessionId },
      user.auth,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    return { ...user, session, bankAccount: linked.json().bankAccount };
  }

  return { fixture, deliver, memberWithBank };
}
