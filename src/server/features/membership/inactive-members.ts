import { AppError } from '#server/core/errors.ts';
import { onMemberInactive } from '../group-settings/member-standing.ts';
import { proposeRemoval } from './departures.ts';

/**
 * "Auto-remove inactive" proposes the removal of a member who became inactive; it never removes
 * anyone by itself. A member who may not be removed (the owner, a bank debit in flight) or whose
 * removal is already proposed gets no second proposal, and the sweep that noticed goes on.
 */
export function subscribeMembershipToInactiveMembers() {
  onMemberInactive('membership', async (ctx, tx, group, userId, reason) => {
    try {
      await proposeRemoval(ctx, tx, group, userId, reason);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  });
}
