import type Stripe from 'stripe';
import { AppError } from '#server/core/errors.ts';
import { stripeErrorCode } from './client.ts';

/** Where on Stripe's own objects we keep what links them: nothing of this lives in our database. */
const CONNECTED_ACCOUNT_KEY = 'savecircle_connected_account';
const PAYMENT_METHOD_KEY = 'savecircle_payment_method';

/** The member's Customer; one Stripe no longer knows (deleted, or another key's) means linking again. */
async function customerOf(stripe: Stripe, customerId: string): Promise<Stripe.Customer> {
  try {
    const customer = await stripe.customers.retrieve(customerId);
    if (!customer.deleted) return customer;
  } catch (error) {
    if (stripeErrorCode(error) !== 'resource_missing') throw error;
  }
  throw new AppError('BANK_ACCOUNT_REQUIRED', 'Connect your bank account again');
}

/** The member's Connect account if they have one yet; looking never creates it. */
export async function findConnectedAccount(
  stripe: Stripe,
  customerId: string,
): Promise<Stripe.Account | null> {
  const existing = (await customerOf(stripe, customerId)).metadata[CONNECTED_ACCOUNT_KEY];
  return existing ? stripe.accounts.retrieve(existing) : null;
}

/**
 * The member's Connect account (no Stripe dashboard, the platform answers for it), created when
 * they first set up payouts or withdraw, and named in their Customer's metadata. Payouts are
 * manual, so its balance leaves only through the payouts we create.
 */
export async function connectedAccountFor(stripe: Stripe, customerId: string): Promise<Stripe.Account> {
  const customer = await customerOf(stripe, customerId);
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
    // Two first requests at once make one account.
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
export async function externalAccountFor(
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
