import { onApprovedAction } from '../pending-actions/executors.ts';
import { executeApprovedRemoval } from './departures.ts';

/** An approved removal (member vote, or an admin's approval of a proposal) takes effect. */
export function subscribeMembershipToApprovals() {
  onApprovedAction('remove_member', executeApprovedRemoval);
}
