import { onDebitSettled } from '../bank-debits/settled-listeners.ts';
import { autopayDebitSettled } from './debit-outcome.ts';

/** A settled debit that auto-pay started decides its retries and who is told. */
export function subscribeAutopayToDebits() {
  onDebitSettled('autopay', autopayDebitSettled);
}
