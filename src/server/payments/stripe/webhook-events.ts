import type Stripe from 'stripe';
import { AppError } from '#server/core/errors.ts';
import type { PaymentEvent } from '../provider.ts';

type Headers = Record<string, string | string[] | undefined>;

/**
 * The event, once its `Stripe-Signature` matches one of our endpoint secrets (a Connect endpoint has
 * its own secret, so there may be two) and its timestamp is within Stripe's 5-minute tolerance.
 */
export function verifyStripeEvent(stripe: Stripe, secrets: string[], rawBody: string, headers: Headers) {
  const header = headers['stripe-signature'];
  const signature = Array.isArray(header) ? header[0] : header;
  if (!signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  for (const secret of secrets) {
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      // Signed with another of our secrets, or not by Stripe at all: the next secret decides.
    }
  }
  throw new AppError('WEBHOOK_SIGNATURE_INVALID');
}

export const webhookSecrets = (setting: string | undefined) =>
  (setting ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);

function debitFailure(intent: Stripe.PaymentIntent) {
  const error = intent.last_payment_error;
  return {
    failureCode: error?.decline_code ?? error?.code ?? 'payment_failed',
    failureMessage: error?.message ?? 'The bank did not accept the payment',
  };
}

/**
 * Stripe's event as ours; null for events we do not act on. Payouts count only on connected accounts
 * (`event.account`): that is where withdrawals are paid from, and the platform's own payouts to its
 * bank are not withdrawals.
 */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { type: 'debit.succeeded', providerRef: event.data.object.id };
    case 'payment_intent.payment_failed':
      return { type: 'debit.failed', providerRef: event.data.object.id, ...debitFailure(event.data.object) };
    case 'payout.paid':
      return event.account ? { type: 'payout.paid', providerRef: event.data.object.id } : null;
    case 'payout.failed': {
      const payout = event.data.object;
      if (!event.account) return null;
      return {
        type: 'payout.failed',
        providerRef: payout.id,
        failureCode: payout.failure_code ?? 'payout_failed',
        failureMessage: payout.failure_message ?? 'The bank returned the payout',
      };
    }
    case 'identity.verification_session.verified':
      return { type: 'identity.verified', providerRef: event.data.object.id };
    case 'identity.verification_session.requires_input': {
      const session = event.data.object;
      return {
        type: 'identity.failed',
        providerRef: session.id,
        failureCode: session.last_error?.code ?? 'requires_input',
        failureMessage: session.last_error?.reason ?? 'The identity check could not be completed',
      };
    }
    default:
      return null;
  }
}
