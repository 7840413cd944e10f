import type Stripe from 'stripe';
import { AppError } from '#server/core/errors.ts';
import type { WithdrawalMethod } from '#shared/withdrawals.ts';
import type { PayoutInput, PendingMovement } from '../provider.ts';
import { callStripe, isUnreachable } from './client.ts';
import { connectedAccountFor, externalAccountFor } from './connected-account.ts';

/** Wires and mailed checks are not Stripe products; ACH and instant payouts are (docs/decisions/0011). */
export const STRIPE_PAYOUT_METHODS: readonly WithdrawalMethod[] = ['bank_transfer', 'instant'];

/** The payout's metadata names its transfer, so a failed payout's money can be taken back. */
export const TRANSFER_KEY = 'savecircle_transfer';

/** Platform → member's connected account, once per withdrawal: the transfer group names it for good. */
async function transferOnce(
  stripe: Stripe,
  connectedId: string,
  input: PayoutInput,
): Promise<Stripe.Transfer> {
  const group = input.idempotencyKey;
  const [earlier] = (await stripe.transfers.list({ transfer_group: group, limit: 1 })).data;
  if (earlier) return earlier;
  return stripe.transfers.create(
    {
      amount: input.amountCents,
      currency: 'usd',
      destination: connectedId,
      transfer_group: group,
      description: input.description,
      metadata: { savecircle_idempotency_key: group },
    },
    { idempotencyKey: `${group}:transfer` },
  );
}

/**
 * A wallet withdrawal to the member's bank through Stripe Connect: the amount goes from the platform
 * balance to their connected account, then out to their bank as a payout (standard ACH or instant).
 * Everything that can refuse is asked before money moves; if the payout itself is refused, the
 * transfer is reversed so the money is back with the platform when the withdrawal fails.
 */
export async function createStripePayout(stripe: Stripe, input: PayoutInput): Promise<PendingMovement> {
  if (!STRIPE_PAYOUT_METHODS.includes(input.method)) throw new AppError('METHOD_UNAVAILABLE');
  const customerId = input.account?.providerData.customerId;
  const paymentMethodId = input.account?.providerData.paymentMethodId;
  if (!customerId || !paymentMethodId)
    throw new AppError(
      'BANK_ACCOUNT_REQUIRED',
      'This bank account was connected through another processor: connect it again',
    );

  return callStripe(async () => {
    const connected = await connectedAccountFor(stripe, customerId);
    if (!connected.payouts_enabled)
      throw new AppError(
        'METHOD_UNAVAILABLE',
        'Stripe has not enabled payouts for you yet: finish your payout details on the withdrawal page',
      );
    const bank = await externalAccountFor(stripe, connected.id, customerId, paymentMethodId);
    if (input.method === 'instant' && !bank.available_payout_methods?.includes('instant'))
      throw new AppError('METHOD_UNAVAILABLE', 'This bank does not accept instant payouts');

    const transfer = await transferOnce(stripe, connected.id, input);
    try {
      const payout = await stripe.payouts.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          destination: bank.id,
          method: input.method === 'instant' ? 'instant' : 'standard',
          description: input.description,
          metadata: { savecircle_idempotency_key: input.idempotencyKey, [TRANSFER_KEY]: transfer.id },
        },
        { stripeAccount: connected.id, idempotencyKey: `${input.idempotencyKey}:payout` },
      );
      return { providerRef: payout.id, status: 'pending' as const };
    } catch (error) {
      // Only a definite refusal: after a lost reply the payout may exist, and its money must stay.
      if (!isUnreachable(error)) await reverseTransfer(stripe, transfer.id);
      throw error;
    }
  });
}

/** Brings a transfer's money back to the platform; a second call changes nothing. */
export async function reverseTransfer(stripe: Stripe, transferId: string) {
  const transfer = await stripe.transfers.retrieve(transferId);
  if (transfer.reversed) return;
  await stripe.transfers.createReversal(
    transferId,
    { metadata: { savecircle_reason: 'payout_failed' } },
    { idempotencyKey: `savecircle-reverse-${transferId}` },
  );
}
