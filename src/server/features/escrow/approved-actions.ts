import type { PayoutDelivery } from '../groups/payouts.ts';
import { onApprovedAction } from '../pending-actions/executors.ts';
import { releaseEscrow } from './release.ts';

/** A release the members approved is paid, past the signatures it waited for. */
export function subscribeEscrowToApprovals() {
  onApprovedAction('release_escrow', async (ctx, tx, group, action) => {
    const payload = action.payload;
    await releaseEscrow(
      ctx,
      tx,
      group,
      action.requestedBy,
      {
        cycle: payload.cycle as number,
        minimumShare: payload.minimumShare as number,
        delivery: payload.delivery as PayoutDelivery,
      },
      { approved: true },
    );
  });
}
