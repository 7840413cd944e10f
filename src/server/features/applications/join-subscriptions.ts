import { onCircleFilled, onJoinRequest } from '../groups/join-requests.ts';
import { submitApplication } from './apply.ts';
import { closePendingApplications } from './close-pending.ts';

/** A circle that reviews its members turns a join into an application; a full circle closes the rest. */
export function subscribeApplicationsToJoins() {
  onJoinRequest(submitApplication);
  onCircleFilled('applications', closePendingApplications);
}
