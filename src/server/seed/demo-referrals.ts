import type { AppContext } from '#server/app-context.ts';
import { userSignedUp } from '#server/core/sign-up-listeners.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { referralCodeOf } from '#server/features/referrals/codes.ts';

/**
 * Lucía and Fatima signed up with the demo user's referral code: the seed sends the same sign-up
 * event the sign-up route sends, so the referrals feature records both. Lucía's first confirmed
 * contribution in the family tanda then activates hers (the first tier is paid to the demo user's
 * wallet, her bonus to hers); Fatima has not contributed yet, so hers stays pending.
 */
export async function seedReferralSignUps(ctx: AppContext, who: (username: string) => SessionUser) {
  const at = ctx.clock.now();
  await inTransaction(ctx.database.db, async (tx) => {
    const referralCode = await referralCodeOf(tx, who('demo').id, at);
    for (const friend of ['lucia', 'fatima'])
      await userSignedUp(tx, { userId: who(friend).id, referralCode, at });
  });
}
