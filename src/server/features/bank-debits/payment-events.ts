import { onPaymentEvent } from '#server/payments/events.ts';
import { debitFailed, debitSucceeded } from './settle.ts';

/** A debit's outcome settles the contribution it pays. */
export function subscribeBankDebitsToPayments() {
  onPaymentEvent('debit.succeeded', (ctx, event) => debitSucceeded(ctx, event.providerRef));
  onPaymentEvent('debit.failed', (ctx, event) =>
    debitFailed(ctx, event.providerRef, event.failureCode, event.failureMessage),
  );
}
