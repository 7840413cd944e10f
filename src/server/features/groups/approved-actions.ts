import { onApprovedAction } from '../pending-actions/executors.ts';
import { applyRotation } from './adjust-rotation.ts';

/** An approved rotation change takes effect. */
export function subscribeGroupsToApprovals() {
  onApprovedAction('adjust_rotation', async (ctx, tx, group, action) => {
    await applyRotation(ctx, tx, group, action.requestedBy, action.payload.newOrder as number[]);
  });
}
