import { onContributionPaid } from '#server/circle/contribution-listeners.ts';
import { onSignedUp } from '#server/core/sign-up-listeners.ts';
import { recordReferral } from './record.ts';
import { activateReferral } from './rewards.ts';

/** A sign-up with a code records the referral; a referred member's first paid contribution activates it. */
export function subscribeReferralsToSignUpsAndContributions() {
  onSignedUp('referrals', async (tx, signedUp) => {
    await recordReferral(tx, signedUp);
  });
  onContributionPaid('referrals', activateReferral);
}
