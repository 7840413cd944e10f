import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/core/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { loadEscrow } from './escrow-cycle.ts';
import { releaseEscrow } from './release.ts';

/**
 * Release Funds (admin, POST /api/escrow/release): the cycle's escrow goes to its recipient's
 * wallet once it is ready for release (the circle's minimum threshold paid), through the safeguards.
 */
export async function releaseEscrowById(ctx: AppContext, admin: SessionUser, escrowId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { cycle, group } = await loadEscrow(tx, escrowId, admin.id, { admin: true, lock: true });
    try {
      return await releaseEscrow(ctx, tx, group, admin.id, {
        cycle: cycle.number,
        minimumShare: group.minContributionThreshold / 100,
        delivery: { delivery: 'wallet' },
      });
    } catch (error) {
      // Release Funds is offered only for a ready escrow: "not enough paid" is "not ready" here.
      if (error instanceof AppError && error.code === 'PAYOUT_NOT_READY')
        throw new AppError('ESCROW_NOT_READY');
      throw error;
    }
  });
}
