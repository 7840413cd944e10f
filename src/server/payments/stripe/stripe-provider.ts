import Stripe from 'stripe';
import type { PaymentsConfig } from '#server/config.ts';
import { AppError } from '#server/core/errors.ts';
import type { PayoutReadiness, ProviderInfo } from '#shared/schemas/payments.ts';
import type {
  CompleteBankLinkInput,
  LinkedBankAccount,
  MoneyMovementInput,
  PaymentEvent,
  PaymentProvider,
  PayoutHolder,
  PayoutInput,
  PendingMovement,
  PendingVerification,
  StartBankLinkInput,
  StartedBankLink,
} from '../provider.ts';
import { completeStripeBankLink, startStripeBankLink } from './bank-link.ts';
import { callStripe, createStripeClient, isLiveKey } from './client.ts';
import { startStripePayoutOnboarding, stripePayoutReadiness } from './payout-onboarding.ts';
import { createStripePayout, reverseTransfer, STRIPE_PAYOUT_METHODS, TRANSFER_KEY } from './payouts.ts';
import { toPaymentEvent, verifyStripeEvent, webhookSecrets } from './webhook-events.ts';

export const STRIPE_LABEL = 'Secured by Stripe';
export const STRIPE_TEST_LABEL = 'Stripe test mode: no real money moves';

/**
 * Stripe (STRIPE_SECRET_KEY set): Financial Connections links banks, ACH PaymentIntents debit them,
 * Connect pays withdrawals out, Identity checks documents, and outcomes arrive by signed webhook.
 * Why it is built this way: docs/decisions/0011-stripe-provider.md.
 */
export class StripeProvider implements PaymentProvider {
  readonly info: ProviderInfo;
  readonly payoutMethods = STRIPE_PAYOUT_METHODS;
  private readonly stripe: Stripe;

  constructor(private readonly config: PaymentsConfig) {
    this.stripe = createStripeClient(config);
    const live = isLiveKey(config.stripeSecretKey ?? '');
    this.info = {
      name: 'stripe',
      label: live ? STRIPE_LABEL : STRIPE_TEST_LABEL,
      movesRealMoney: live,
      payoutMethods: [...STRIPE_PAYOUT_METHODS],
    };
  }

  startBankLink(input: StartBankLinkInput): Promise<StartedBankLink> {
    return startStripeBankLink(this.stripe, this.config, input);
  }

  completeBankLink(input: CompleteBankLinkInput): Promise<LinkedBankAccount> {
    return completeStripeBankLink(this.stripe, this.config, input);
  }

  async verifyMicroDeposits(): Promise<boolean> {
    // Not applicable: Financial Connections verifies accounts at once and we ask Stripe for instant
    // verification only, so no deposits are ever sent and every Stripe account is stored verified
    // (the verify route refuses verified accounts before it gets here).
    return false;
  }

  /**
   * An ACH pull, off-session, under the mandate recorded when the account was linked. Our key is
   * Stripe's idempotency key: a repeat returns the same PaymentIntent instead of debiting twice.
   */
  async createDebit(input: MoneyMovementInput): Promise<PendingMovement> {
    const { customerId, paymentMethodId, mandateId } = input.account.providerData;
    if (!customerId || !paymentMethodId || !mandateId)
      throw new AppError(
        'BANK_ACCOUNT_REQUIRED',
        'This bank account was connected through another processor: connect it again',
      );
    try {
      const intent = await callStripe(() =>
        this.stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            allowed_payment_method_types: ['us_bank_account'],
            mandate: mandateId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { savecircle_idempotency_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { providerRef: intent.id, status: 'pending' };
    } catch (error) {
      // Refused at once, yet the PaymentIntent exists: its payment_failed event settles it like any other.
      if (error instanceof Stripe.errors.StripeError && error.payment_intent)
        return { providerRef: error.payment_intent.id, status: 'pending' };
      throw error;
    }
  }

  createPayout(input: PayoutInput): Promise<PendingMovement> {
    return createStripePayout(this.stripe, input);
  }

  payoutReadiness(input: PayoutHolder): Promise<PayoutReadiness> {
    return stripePayoutReadiness(this.stripe, input);
  }

  startPayoutOnboarding(
    input: PayoutHolder & { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string }> {
    return startStripePayoutOnboarding(this.stripe, input);
  }

  /** A Stripe Identity document check; the person is sent to its hosted page (`url`). */
  async createIdentityVerification(input: {
    userId: number;
    returnUrl: string;
  }): Promise<PendingVerification> {
    if (!URL.canParse(input.returnUrl)) throw new Error('Stripe Identity needs an absolute return URL');
    const session = await callStripe(() =>
      this.stripe.identity.verificationSessions.create({
        type: 'document',
        return_url: input.returnUrl,
        client_reference_id: `user_${input.userId}`,
        metadata: { savecircle_user_id: String(input.userId) },
      }),
    );
    return { providerRef: session.id, url: session.url };
  }

  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent | null {
    const secrets = webhookSecrets(this.config.stripeWebhookSecret);
    return toPaymentEvent(verifyStripeEvent(this.stripe, secrets, rawBody, headers));
  }

  /**
   * After a failed payout Stripe puts the money back on the member's connected account; the
   * withdrawal has failed and their wallet holds it again, so it goes back to the platform too.
   * Call with a body parseWebhook accepted.
   */
  async returnFailedPayout(rawBody: string) {
    const event = JSON.parse(rawBody) as Stripe.Event;
    if (event.type !== 'payout.failed' || !event.account) return;
    const transferId = event.data.object.metadata?.[TRANSFER_KEY];
    if (transferId) await callStripe(() => reverseTransfer(this.stripe, transferId));
  }
}
