import { onPaymentEvent } from '#server/payments/events.ts';
import { identityEventReceived } from './identity-events.ts';

/** The identity processor's verdict settles the person's identity check. */
export function subscribeVerificationToPayments() {
  onPaymentEvent('identity.verified', identityEventReceived);
  onPaymentEvent('identity.failed', identityEventReceived);
}
