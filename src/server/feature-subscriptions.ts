import { subscribeApplicationsToJoins } from './features/applications/join-subscriptions.ts';
import { subscribeAutopayToDebits } from './features/autopay/bank-debit-events.ts';
import { subscribeBankDebitsToPayments } from './features/bank-debits/payment-events.ts';
import { subscribeEscrowToApprovals } from './features/escrow/approved-actions.ts';
import { subscribeGroupsToApprovals } from './features/groups/approved-actions.ts';
import { subscribeMembershipToApprovals } from './features/membership/approved-actions.ts';
import { subscribeMembershipToInactiveMembers } from './features/membership/inactive-members.ts';
import { subscribeReferralsToSignUpsAndContributions } from './features/referrals/subscriptions.ts';
import { subscribeSafeguardsToApprovals } from './features/safeguards/approved-actions.ts';
import { subscribeVerificationToPayments } from './features/verification/payment-events.ts';
import { subscribeWithdrawalsToPayments } from './features/withdrawals/payment-events.ts';

/**
 * Start-up wiring: features subscribe to the events of lower modules (payment events, approved
 * pending actions, settled bank debits, requests to join, sign-ups, paid contributions), so payments/, pending-actions/,
 * bank-debits/ and groups/ import none of them. Called by buildApp and startAppJobs (either may run alone); calling it twice is harmless.
 */
export function subscribeFeatures() {
  subscribeWithdrawalsToPayments();
  subscribeBankDebitsToPayments();
  subscribeVerificationToPayments();
  subscribeEscrowToApprovals();
  subscribeGroupsToApprovals();
  subscribeMembershipToApprovals();
  subscribeMembershipToInactiveMembers();
  subscribeSafeguardsToApprovals();
  subscribeAutopayToDebits();
  subscribeApplicationsToJoins();
  subscribeReferralsToSignUpsAndContributions();
}
