import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import type { PayoutOnboarding, PayoutReadiness } from '#shared/schemas/payments.ts';
import { toProviderAccount } from './bank-accounts/serialize.ts';
import { type PayoutHolder, paymentProviderFor } from './provider.ts';

/**
 * Where the processor's onboarding page sends the person: back to the withdrawal page when done,
 * or there to get a fresh link when theirs expired or was used (the page asks for one at once).
 */
export const PAYOUT_SETUP_DONE_PATH = '/withdrawal?payout_setup=done';
export const PAYOUT_SETUP_RETRY_PATH = '/withdrawal?payout_setup=retry';

/**
 * The member as the processor sees them: their oldest verified bank linked through this processor
 * (the default destination of a withdrawal), or none.
 */
async function payoutHolder(ctx: AppContext, userId: number): Promise<PayoutHolder> {
  const provider = paymentProviderFor(ctx.config.payments);
  const [bank] = await ctx.database.db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.status, 'verified'),
        eq(bankAccounts.provider, provider.info.name),
      ),
    )
    .orderBy(asc(bankAccounts.id))
    .limit(1);
  return { userId, account: bank ? toProviderAccount(bank) : null };
}

/** GET /api/payments/payout-readiness: the signed-in member's own. */
export async function payoutReadiness(ctx: AppContext, user: SessionUser): Promise<PayoutReadiness> {
  return paymentProviderFor(ctx.config.payments).payoutReadiness(await payoutHolder(ctx, user.id));
}

/**
 * POST /api/payments/payout-onboarding. `origin` is this app's as the browser reached it
 * (`https://host`): processors refuse relative URLs. No database write: the processor keeps the
 * onboarding state, and readiness reads it from there.
 */
export async function startPayoutOnboarding(
  ctx: AppContext,
  user: SessionUser,
  origin: string,
): Promise<PayoutOnboarding> {
  const holder = await payoutHolder(ctx, user.id);
  return paymentProviderFor(ctx.config.payments).startPayoutOnboarding({
    ...holder,
    returnUrl: new URL(PAYOUT_SETUP_DONE_PATH, origin).href,
    refreshUrl: new URL(PAYOUT_SETUP_RETRY_PATH, origin).href,
  });
}
