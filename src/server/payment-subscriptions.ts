import { subscribeBankDebitsToPayments } from './features/bank-debits/payment-events.ts';
import { subscribeVerificationToPayments } from './features/verification/payment-events.ts';
import { subscribeWithdrawalsToPayments } from './features/withdrawals/payment-events.ts';

/**
 * Start-up wiring: the features that settle payment events subscribe to them, so payments/ needs
 * no feature. Called by buildApp and startAppJobs (either may run alone); calling it twice is harmless.
 */
export function subscribeToPaymentEvents() {
  subscribeWithdrawalsToPayments();
  subscribeBankDebitsToPayments();
  subscribeVerificationToPayments();
}
