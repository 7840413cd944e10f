import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/client.ts';
import { debitFailed, debitSucceeded } from '#server/features/bank-debits/settle.ts';
import { identityEventReceived } from '#server/features/verification/identity-events.ts';
import { completeWithdrawal, failWithdrawal } from '#server/features/withdrawals/settle.ts';
import { enqueue } from '#server/jobs/enqueue.ts';
import type { PaymentEvent } from './provider.ts';

/**
 * What a processor tells us happened, from a verified webhook or the sandbox's simulated outcome,
 * applied to our records. Each branch is idempotent: events arrive late, twice or out of order.
 */
export async function handlePaymentEvent(ctx: AppContext, event: PaymentEvent) {
  switch (event.type) {
    case 'payout.paid':
      return completeWithdrawal(ctx, event.providerRef);
    case 'payout.failed':
      return failWithdrawal(ctx, { providerRef: event.providerRef }, event.failureCode, event.failureMessage);
    case 'debit.succeeded':
      return debitSucceeded(ctx, event.providerRef);
    case 'debit.failed':
      return debitFailed(ctx, event.providerRef, event.failureCode, event.failureMessage);
    case 'identity.verified':
    case 'identity.failed':
      return identityEventReceived(ctx, event);
  }
}

/** The sandbox's decided outcome, delivered through the job queue after its delay, like a webhook. */
export function deliverPaymentEventLater(tx: Db, outcome: { event: PaymentEvent; afterMs: number }) {
  return enqueue(tx, 'payment-event', outcome.event, { startAfter: Math.ceil(outcome.afterMs / 1000) });
}
