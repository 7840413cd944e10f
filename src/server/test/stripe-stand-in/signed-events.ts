import Stripe from 'stripe';

export const TEST_WEBHOOK_SECRET = 'whsec_savecircle_test_secret';

let eventCount = 0;

/** A Stripe event as a webhook delivers it; `account` marks an event on a connected account. */
export function stripeEvent(type: string, object: Record<string, unknown>, account?: string) {
  eventCount += 1;
  return JSON.stringify({
    id: `evt_test_${eventCount}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...(account ? { account } : {}),
    data: { object },
  });
}

/** The Stripe-Signature header for a payload, as Stripe computes it (optionally at another time). */
export function signatureFor(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
}
