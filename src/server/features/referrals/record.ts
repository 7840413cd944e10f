import { recordAudit } from '#server/core/audit-log.ts';
import type { SignedUp } from '#server/core/sign-up-listeners.ts';
import type { Db } from '#server/db/client.ts';
import { referrals } from '#server/db/referrals-schema.ts';
import { referrerOfCode } from './codes.ts';

/**
 * A sign-up that came with a `?ref=` code: credits the code's owner. An unknown code and one's own
 * code are ignored (a sign-up never fails over a referral); an account already referred keeps its
 * first referrer (unique on the referred user). Returns whether a referral was recorded.
 */
export async function recordReferral(tx: Db, { userId, referralCode, at }: SignedUp): Promise<boolean> {
  if (!referralCode) return false;
  const referrerId = await referrerOfCode(tx, referralCode);
  if (referrerId === undefined || referrerId === userId) return false;
  const [recorded] = await tx
    .insert(referrals)
    .values({ referrerId, referredUserId: userId, createdAt: at })
    .onConflictDoNothing({ target: referrals.referredUserId })
    .returning({ id: referrals.id });
  if (!recorded) return false;
  await recordAudit(tx, {
    action: 'referral_recorded',
    actorUserId: userId,
    subject: String(referrerId),
    details: { referralId: recorded.id },
    at,
  });
  return true;
}
