import type Stripe from 'stripe';
import { AppError } from '#server/http/app-error.ts';
import type { WithdrawalMethod } from '#shared/withdrawals.ts';
import type { PayoutInput, PendingMovement } from '../provider.ts';
import { callStripe, isUnreachable } from './client.ts';

/** Wires and mailed checks are not Stripe products; ACH and instant payouts are (docs/decisions/0011). */
export const STRIPE_PAYOUT_METHODS: readonly WithdrawalMethod[] = ['bank_transfer', 'instant'];

/** Where on Stripe's own objects we keep what links them: nothing of this lives in our database. */
const CONNECTED_ACCOUNT_KEY = 'savecircle_connected_account';
const PAYMENT_METHOD_KEY = 'savecircle_payment_method';
export const TRANSFER_KEY = 'savecircle_transfer';

/**
 * The member's Connect account (no Stripe dashboard, the platform answers for it), created on their
 * first withdrawal and named in their Customer's metadata. Payouts are manual, so its balance leaves
 * only through the payouts we create.
 */
async function connectedAccountFor(stripe: Stripe, customerId: string): Promise<Stripe.Account> {
  const customer = await stripe.customers.retrieve(customerId);
  if (customer.deleted) throw new AppError('BANK_ACCOUNT_REQUIRED', 'Connect your bank account again');
  const existing = customer.metadata[CONNECTED_ACCOUNT_KEY];
  if (existing) return stripe.accounts.retrieve(existing);
  const account = await stripe.accounts.create(
    {
      country: 'US',
      business_type: 'individual',
      email: customer.email ?? undefined,
      controller: {
        stripe_dashboard: { type: 'none' },
        fees: { payer: 'application' },
        losses: { payments: 'application' },
        requirement_collection: 'application',
      },
      capabilities: { transfers: { requested: true } },
      settings: { payouts: { schedule: { interval: 'manual' } } },
      metadata: {
        savecircle_user_id: customer.metadata.savecircle_user_id ?? '',
        savecircle_customer: customerId,
      },
    },
    // Two first withdrawals at once make one account.
    { idempotencyKey: `savecircle-connected-account-${customerId}` },
  );
  await stripe.customers.update(customerId, { metadata: { [CONNECTED_ACCOUNT_KEY]: account.id } });
  return account;
}

const isBank = (account: Stripe.ExternalAccount): account is Stripe.BankAccount =>
  account.object === 'bank_account';

/**
 * The linked bank as the connected account's payout destination. Stripe copies the PaymentMethod's
 * bank details (from Financial Connections) into a bank-account token, so nobody types them twice.
 */
async function externalAccountFor(
  stripe: Stripe,
  connectedId: string,
  customerId: string,
  paymentMethodId: string,
): Promise<Stripe.BankAccount> {
  const existing = (
    await stripe.accounts.listExternalAccounts(connectedId, { object: 'bank_account', limit: 100 })
  ).data.filter(isBank);
  const tagged = existing.find((bank) => bank.metadata?.[PAYMENT_METHOD_KEY] === paymentMethodId);
  if (tagged) return tagged;
  // `payment_method` excludes every other bank_account field (Stripe copies them); the SDK's type
  // still lists the number and country as required, hence the cast.
  const bankAccount = { payment_method: paymentMethodId } as Stripe.TokenCreateParams.BankAccount;
  const token = await stripe.tokens.create({ customer: customerId, bank_account: bankAccount });
  // The same bank linked again (a new PaymentMethod) is already there: Stripe refuses duplicates.
  const same = existing.find(
    (bank) => bank.fingerprint && bank.fingerprint === token.bank_account?.fingerprint,
  );
  if (same) return same;
  const created = await stripe.accounts.createExternalAccount(
    connectedId,
    { external_account: token.id, metadata: { [PAYMENT_METHOD_KEY]: paymentMethodId } },
    { idempotencyKey: `savecircle-external-account-${connectedId}-${paymentMethodId}` },
  );
  if (!isBank(created)) throw new Error(`Stripe made ${created.id} a card, not a bank account`);
  return created;
}

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
        'Stripe has not enabled payouts for you yet: your payout details are incomplete',
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
