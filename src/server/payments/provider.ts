import type { PaymentsConfig } from '#server/config.ts';
import type { AccountType } from '#shared/bank.ts';
import type { Cents } from '#shared/money.ts';
import type { BankDetails, PayoutReadiness, ProviderInfo } from '#shared/schemas/payments.ts';
import type { WithdrawalMethod } from '#shared/withdrawals.ts';
import { SandboxProvider } from './sandbox/sandbox-provider.ts';
import { STRIPE_BROWSER_SOURCES } from './stripe/browser-sources.ts';
import { StripeProvider } from './stripe/stripe-provider.ts';

/**
 * Everything SaveCircle asks of a payment processor. Two implementations: the sandbox (default,
 * no real money moves) and Stripe (when STRIPE_SECRET_KEY is set). Nothing outside
 * src/server/payments/ knows which one runs; the UI knows only `info`.
 *
 * Methods talk to the processor and return facts; our own rows, ledger postings and audit records
 * are written by the callers, in their database transactions. No method is called inside a
 * transaction, because a transaction may be run again and a processor call cannot be undone.
 */
export interface PaymentProvider {
  readonly info: ProviderInfo;
  /** The withdrawal methods this processor can pay out; the others fail with METHOD_UNAVAILABLE. */
  readonly payoutMethods: readonly WithdrawalMethod[];

  /** Opens a bank-linking session at the processor (Stripe: a Financial Connections session). */
  startBankLink(input: StartBankLinkInput): Promise<StartedBankLink>;
  /**
   * Reads the account the person linked in that session. `details` is what a hosted page sent us
   * (only the sandbox's page does); Stripe reads the account from its own session instead.
   * Throws AppError BANK_LINK_DECLINED when the processor refuses the account.
   */
  completeBankLink(input: CompleteBankLinkInput): Promise<LinkedBankAccount>;
  /**
   * Checks the two micro-deposit amounts the person read off their statement. Attempt counting and
   * locking are ours (callers), so every provider locks at the same count.
   */
  verifyMicroDeposits(input: VerifyMicroDepositsInput): Promise<boolean>;

  /** ACH pull for a contribution. Pending at first; the outcome arrives later as a PaymentEvent. */
  createDebit(input: MoneyMovementInput): Promise<PendingMovement>;
  /**
   * Pays a wallet withdrawal out: to a linked bank (ACH, instant), by wire to the details given, or
   * as a mailed check. Pending at first, like a debit.
   */
  createPayout(input: PayoutInput): Promise<PendingMovement>;
  /**
   * Whether ACH and instant payouts can reach this person now. Stripe pays out only once the member
   * gave Stripe their identity details and accepted its terms; the sandbox is always ready.
   */
  payoutReadiness(input: PayoutHolder): Promise<PayoutReadiness>;
  /**
   * A processor-hosted page where the person gives what payouts need (Stripe: an Account Link of type
   * `account_onboarding`). Both URLs must be absolute: the processor sends the person back to
   * `returnUrl` when done, and to `refreshUrl` when the link expired (that page asks for a new one).
   * Throws METHOD_UNAVAILABLE where no setup exists (the sandbox).
   */
  startPayoutOnboarding(
    input: PayoutHolder & { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string }>;

  /**
   * Starts identity verification; `url` is where the person goes to show their documents.
   * `returnUrl` must be absolute (Stripe sends the person back there).
   */
  createIdentityVerification(input: { userId: number; returnUrl: string }): Promise<PendingVerification>;

  /**
   * A processor webhook as an event, after checking its signature; null when the event type is of
   * no interest. Throws AppError WEBHOOK_SIGNATURE_INVALID on a missing or bad signature (the
   * sandbox, which sends none, refuses every webhook).
   */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent | null;
}

export type StartBankLinkInput = {
  /** Our session id, so the processor's session can name it in metadata. */
  sessionId: string;
  userId: number;
  email: string;
  fullName: string;
  /**
   * The processor's customer record for this person from an earlier link (users.stripeCustomerId), or
   * null; the reply names the one used, which the caller keeps for next time.
   */
  customerRef: string | null;
  /** Where a hosted page sends the person back to (the spec's `?session_complete=true`). */
  returnUrl: string;
};

export type StartedBankLink = {
  providerRef: string;
  clientSecret: string;
  /** A page the browser opens to enter bank details, or null when a browser script does it (Stripe.js). */
  hostedUrl: string | null;
  publishableKey: string | null;
  /** The processor's customer record the session belongs to (null for the sandbox). */
  customerRef: string | null;
};

export type CompleteBankLinkInput = {
  providerRef: string;
  userId: number;
  details?: BankDetails;
  /**
   * Who authorises debits from the account, and from where: with Stripe this is the ACH mandate's
   * online acceptance, recorded when the person links the account.
   */
  holder: { fullName: string; email: string; ipAddress: string; userAgent: string };
};

export type LinkedBankAccount = {
  providerRef: string;
  providerData: Record<string, string>;
  bankName: string;
  last4: string;
  /** HMAC-SHA256 of routing + account number under our secret (see fingerprint.ts). */
  fingerprint: string;
  accountType: AccountType;
  /**
   * How the account gets verified. `instant`: the processor already confirmed ownership.
   * `micro_deposits`: two small deposits were sent; `amountsCents` is set when we check them
   * ourselves, and `statementForUser` when no real bank exists to show them (the sandbox).
   */
  verification:
    | { method: 'instant' }
    | { method: 'micro_deposits'; amountsCents: [Cents, Cents] | null; statementForUser: boolean };
};

/** A stored account as providers see it. */
export type ProviderBankAccount = {
  providerRef: string;
  providerData: Record<string, string>;
  microDepositsCents: [Cents, Cents] | null;
};

export type VerifyMicroDepositsInput = {
  account: ProviderBankAccount;
  amountsCents: [Cents, Cents];
};

export type MoneyMovementInput = {
  /** Ours; the processor must not move money twice for one key. */
  idempotencyKey: string;
  amountCents: Cents;
  account: ProviderBankAccount;
  description: string;
};

export type PayoutInput = Omit<MoneyMovementInput, 'account'> & {
  method: WithdrawalMethod;
  /** The linked bank for ACH and instant transfers; null for wire and check. */
  account: ProviderBankAccount | null;
  /** Wire details or the mailing address, for wire and check. */
  recipientInfo: string | null;
};

/** Who would be paid out: the member and the linked bank their withdrawals go to (null: none yet). */
export type PayoutHolder = { userId: number; account: ProviderBankAccount | null };

export type PendingMovement = {
  providerRef: string;
  status: 'pending';
  /**
   * Only the sandbox sets this: the outcome it has decided and when it is due. The caller delivers
   * the event through the job queue after `afterMs`, through the same handler as a real webhook.
   */
  simulatedOutcome?: { event: PaymentEvent; afterMs: number };
};

export type PendingVerification = {
  providerRef: string;
  url: string | null;
  simulatedOutcome?: { event: PaymentEvent; afterMs: number };
};

export type PaymentEvent =
  | { type: 'debit.succeeded' | 'payout.paid' | 'identity.verified'; providerRef: string }
  | {
      type: 'debit.failed' | 'payout.failed' | 'identity.failed';
      providerRef: string;
      failureCode: string;
      failureMessage: string;
    };

// One provider per settings object: providers are stateless apart from their settings.
const providers = new WeakMap<PaymentsConfig, PaymentProvider>();

/** The sandbox, unless STRIPE_SECRET_KEY is set. */
export function createPaymentProvider(config: PaymentsConfig): PaymentProvider {
  return config.stripeSecretKey ? new StripeProvider(config) : new SandboxProvider(config);
}

export function paymentProviderFor(config: PaymentsConfig): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider = createPaymentProvider(config);
    providers.set(config, provider);
  }
  return provider;
}

/** What the UI may know: which provider runs, its label and the withdrawal methods it pays out. */
export function providerInfo(config: PaymentsConfig): ProviderInfo {
  return paymentProviderFor(config).info;
}

/** Origins the browser must reach for the active provider (Stripe.js); added to the CSP, nothing else. */
export type BrowserSources = { script: string[]; frame: string[]; connect: string[] };

export function paymentBrowserSources(config: PaymentsConfig): BrowserSources {
  return config.stripeSecretKey ? STRIPE_BROWSER_SOURCES : { script: [], frame: [], connect: [] };
}
