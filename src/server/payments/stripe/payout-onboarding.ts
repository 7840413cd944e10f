import type Stripe from 'stripe';
import { AppError } from '#server/core/errors.ts';
import type { PayoutReadiness } from '#shared/schemas/payments.ts';
import type { PayoutHolder, ProviderBankAccount } from '../provider.ts';
import { callStripe } from './client.ts';
import { connectedAccountFor, externalAccountFor, findConnectedAccount } from './connected-account.ts';

/** The Stripe ids a bank linked through Financial Connections carries; null for another processor's. */
function stripeIdsOf(account: ProviderBankAccount | null) {
  const customerId = account?.providerData.customerId;
  const paymentMethodId = account?.providerData.paymentMethodId;
  return customerId && paymentMethodId ? { customerId, paymentMethodId } : null;
}

const REVIEW_REASONS: readonly string[] = ['under_review', 'requirements.pending_verification'];

/**
 * What a connected account's state means for the member. Payouts flow once Stripe enables them;
 * until then either something is due (the onboarding page collects it), Stripe is still checking
 * what was given, or Stripe refused the account for good.
 */
export function readinessOf(account: Stripe.Account): PayoutReadiness {
  if (account.payouts_enabled) return { ready: true };
  const requirements = account.requirements;
  const disabled = requirements?.disabled_reason ?? '';
  if (disabled.startsWith('rejected.')) return { ready: false, reason: 'rejected' };
  const due = [...(requirements?.currently_due ?? []), ...(requirements?.past_due ?? [])];
  const checking = (requirements?.pending_verification?.length ?? 0) > 0 || REVIEW_REASONS.includes(disabled);
  if (due.length === 0 && checking) return { ready: false, reason: 'under_review' };
  return { ready: false, reason: 'onboarding_required' };
}

/** Reads the member's connected account without creating one: none yet means onboarding is due. */
export async function stripePayoutReadiness(stripe: Stripe, holder: PayoutHolder): Promise<PayoutReadiness> {
  const ids = stripeIdsOf(holder.account);
  if (!ids) return { ready: false, reason: 'bank_account_required' };
  return callStripe(async () => {
    try {
      const connected = await findConnectedAccount(stripe, ids.customerId);
      return connected ? readinessOf(connected) : { ready: false, reason: 'onboarding_required' };
    } catch (error) {
      if (error instanceof AppError && error.code === 'BANK_ACCOUNT_REQUIRED')
        return { ready: false, reason: 'bank_account_required' };
      throw error;
    }
  });
}

/**
 * Stripe-hosted onboarding for the member's connected account (made now if this is their first
 * time). Their linked bank is attached first, so Stripe does not ask for bank details again. The
 * link is single-use and expires within minutes: it is made when the person presses the button.
 */
export async function startStripePayoutOnboarding(
  stripe: Stripe,
  input: PayoutHolder & { returnUrl: string; refreshUrl: string },
): Promise<{ url: string }> {
  if (!URL.canParse(input.returnUrl) || !URL.canParse(input.refreshUrl))
    throw new Error('Stripe onboarding needs absolute return and refresh URLs');
  const ids = stripeIdsOf(input.account);
  if (!ids)
    throw new AppError(
      'BANK_ACCOUNT_REQUIRED',
      'Connect a bank account through Stripe before setting up payouts',
    );
  return callStripe(async () => {
    const connected = await connectedAccountFor(stripe, ids.customerId);
    await externalAccountFor(stripe, connected.id, ids.customerId, ids.paymentMethodId);
    const link = await stripe.accountLinks.create({
      account: connected.id,
      type: 'account_onboarding',
      // Only what payouts need now; Stripe asks for more later if thresholds are reached.
      collection_options: { fields: 'currently_due' },
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
    });
    return { url: link.url };
  });
}
