import { onContributionPaid } from '#server/circle/contribution-listeners.ts';
import { recordProductEvent } from '#server/core/product-events.ts';

/** A contribution that became paid (cash, recorded payment or settled debit) is one product event. */
export function subscribeProductEventsToContributions() {
  onContributionPaid('product-events', async (tx, paid) => {
    await recordProductEvent(tx, {
      name: 'contribution',
      userId: paid.userId,
      groupId: paid.groupId,
      at: paid.at,
    });
  });
}
