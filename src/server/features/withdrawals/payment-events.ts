import { onPaymentEvent } from '#server/payments/events.ts';
import { completeWithdrawal, failWithdrawal } from './settle.ts';

/** A payout to a bank settles the withdrawal that started it. */
export function subscribeWithdrawalsToPayments() {
  onPaymentEvent('payout.paid', (ctx, event) => completeWithdrawal(ctx, event.providerRef));
  onPaymentEvent('payout.failed', (ctx, event) =>
    failWithdrawal(ctx, { providerRef: event.providerRef }, event.failureCode, event.failureMessage),
  );
}
