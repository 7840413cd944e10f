import Stripe from 'stripe';
import type { PaymentsConfig } from '#server/config.ts';
import { AppError } from '#server/core/errors.ts';
import type { AccountType } from '#shared/bank.ts';
import { bankAccountFingerprint } from '../fingerprint.ts';
import type {
  CompleteBankLinkInput,
  LinkedBankAccount,
  StartBankLinkInput,
  StartedBankLink,
} from '../provider.ts';
import { callStripe, stripeErrorCode } from './client.ts';

const LINKABLE: readonly string[] = ['checking', 'savings'] satisfies AccountType[];

/**
 * A Financial Connections session held by the person's Stripe Customer (created on their first link,
 * then reused). Only `payment_method` is asked for: we need to debit the account, not read its
 * balances, transactions or owners. The browser runs it with Stripe.js.
 */
export async function startStripeBankLink(
  stripe: Stripe,
  config: PaymentsConfig,
  input: StartBankLinkInput,
): Promise<StartedBankLink> {
  const createSession = (customer: string) =>
    stripe.financialConnections.sessions.create(
      {
        account_holder: { type: 'customer', customer },
        permissions: ['payment_method'],
        filters: { country: 'US', account_subcategories: ['checking', 'savings'] },
      },
      { idempotencyKey: `savecircle-fc-session-${input.sessionId}-${customer}` },
    );
  const newCustomer = async () =>
    (
      await stripe.customers.create({
        email: input.email,
        name: input.fullName,
        metadata: { savecircle_user_id: String(input.userId) },
      })
    ).id;

  return callStripe(async () => {
    let customer = input.customerRef ?? (await newCustomer());
    let session: Stripe.FinancialConnections.Session;
    try {
      session = await createSession(customer);
    } catch (error) {
      // A stored customer from another Stripe account or mode (test keys swapped for live): start afresh.
      if (!input.customerRef || stripeErrorCode(error) !== 'resource_missing') throw error;
      customer = await newCustomer();
      session = await createSession(customer);
    }
    if (!session.client_secret) throw new Error('Stripe returned a session without a client secret');
    return {
      providerRef: session.id,
      clientSecret: session.client_secret,
      hostedUrl: null,
      publishableKey: config.stripePublishableKey ?? null,
      customerRef: customer,
    };
  });
}

const usable = (account: Stripe.FinancialConnections.Account) =>
  account.status === 'active' &&
  LINKABLE.includes(account.subcategory) &&
  account.supported_payment_method_types.includes('us_bank_account');

/** Stripe said no to this account (a decline, or an account ACH cannot use), as opposed to a bug of ours. */
function isDecline(error: unknown) {
  if (error instanceof Stripe.errors.StripeCardError) return true;
  const code = stripeErrorCode(error) ?? '';
  return /^(bank_account|financial_connections|payment_method|setup_intent)_/.test(code);
}

/**
 * Reads the account linked in the session and sets up debits from it: a SetupIntent makes the
 * us_bank_account PaymentMethod from the Financial Connections account, attaches it to the Customer
 * and records the ACH mandate (online acceptance: the person's address and browser, now), which
 * later off-session debits name. Verification is instant: Financial Connections has confirmed the
 * account with the bank, and we ask Stripe never to fall back to micro-deposits.
 */
export async function completeStripeBankLink(
  stripe: Stripe,
  config: PaymentsConfig,
  input: CompleteBankLinkInput,
): Promise<LinkedBankAccount> {
  const session = await callStripe(() => stripe.financialConnections.sessions.retrieve(input.providerRef));
  const holder = session.account_holder?.customer;
  const customerId = typeof holder === 'string' ? holder : holder?.id;
  const account = session.accounts.data.find(usable);
  if (!customerId || !account) throw new AppError('BANK_LINK_DECLINED');

  let intent: Stripe.SetupIntent;
  try {
    intent = await callStripe(() =>
      stripe.setupIntents.create(
        {
          customer: customerId,
          allowed_payment_method_types: ['us_bank_account'],
          payment_method_data: {
            type: 'us_bank_account',
            us_bank_account: { financial_connections_account: account.id },
            billing_details: { name: input.holder.fullName, email: input.holder.email },
          },
          payment_method_options: { us_bank_account: { verification_method: 'instant' } },
          usage: 'off_session',
          confirm: true,
          mandate_data: {
            customer_acceptance: {
              type: 'online',
              online: { ip_address: input.holder.ipAddress, user_agent: input.holder.userAgent || 'unknown' },
            },
          },
          metadata: { savecircle_user_id: String(input.userId) },
          expand: ['payment_method'],
        },
        { idempotencyKey: `savecircle-bank-link-${input.providerRef}-${account.id}` },
      ),
    );
  } catch (error) {
    if (isDecline(error)) throw new AppError('BANK_LINK_DECLINED');
    throw error;
  }
  const method = intent.payment_method;
  const bank = typeof method === 'object' ? method?.us_bank_account : null;
  const mandate = typeof intent.mandate === 'string' ? intent.mandate : intent.mandate?.id;
  if (intent.status !== 'succeeded' || !method || typeof method !== 'object' || !bank || !mandate)
    throw new AppError('BANK_LINK_DECLINED');
  const last4 = account.last4 ?? bank.last4;
  if (!bank.fingerprint || !bank.routing_number || !last4)
    throw new Error(
      `Stripe returned payment method ${method.id} without fingerprint, routing number or last 4`,
    );

  return {
    providerRef: method.id,
    providerData: {
      customerId,
      financialConnectionsAccountId: account.id,
      paymentMethodId: method.id,
      mandateId: mandate,
      setupIntentId: intent.id,
    },
    bankName: account.institution_name,
    last4,
    // Stripe's fingerprint names the account number (the same account always gives the same one, and
    // a new Financial Connections link does not change it); keyed with our secret, so it is in the
    // same form as the sandbox's and reveals nothing outside our database.
    fingerprint: bankAccountFingerprint(
      config.fingerprintSecret,
      bank.routing_number,
      `stripe:${bank.fingerprint}`,
    ),
    accountType: account.subcategory as AccountType,
    verification: { method: 'instant' },
  };
}
