import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { PAYOUT_PROGRESS_THRESHOLD } from '#server/circle/rules.ts';
import { AppError } from '#server/core/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { PayoutDelivery } from '../groups/payouts.ts';
import { type ReleaseOutcome, releaseEscrow } from './release.ts';

/**
 * Process Payout (admin, from 95% paid): releases the cycle's escrow through the circle's
 * safeguards; with multi-signature on it becomes a release waiting for the members' approvals.
 */
export async function processPayout(
  ctx: AppContext,
  admin: { id: number },
  groupId: number,
  cycleNumber: number,
  delivery: PayoutDelivery = { delivery: 'wallet' },
): Promise<ReleaseOutcome> {
  return inTransaction(ctx.database.db, async (tx) => {
    // The group lock makes concurrent payouts of one cycle queue up; the first pays, the rest see it paid.
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    if (group.frozen) throw new AppError('GROUP_FROZEN');
    return releaseEscrow(ctx, tx, group, admin.id, {
      cycle: cycleNumber,
      minimumShare: PAYOUT_PROGRESS_THRESHOLD,
      delivery,
    });
  });
}
