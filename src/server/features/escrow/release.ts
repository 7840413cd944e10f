import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import { poolCents } from '#server/circle/rules.ts';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { formatAmount } from '#shared/money.ts';
import { type PayoutDelivery, payOutCycle } from '../groups/payouts.ts';
import { type PendingAction, requestApproval } from '../pending-actions/request-approval.ts';
import { allowedPayoutDeliveries, loadSafeguards, whenOn } from '../safeguards/rules.ts';
import { checkRelease, releaseFactsFrom } from './release-gate.ts';

export type Payout = Awaited<ReturnType<typeof payOutCycle>>;
export type ReleaseOutcome = { released: Payout } | { pendingAction: PendingAction };

export type ReleaseRequest = {
  cycle: number;
  /** Share of members who must have paid: 95% for Process Payout, the circle's threshold otherwise. */
  minimumShare: number;
  delivery: PayoutDelivery;
};

/**
 * Releases a cycle's escrow to its recipient, through the circle's safeguards, in the caller's
 * transaction (which holds the group lock). With multi-signature on, the release first becomes a
 * pending action for the other members to sign; otherwise, or when executing an approved action,
 * every gate is checked (frozen, disputes, readiness, time lock, custody) and the pool is paid.
 */
export async function releaseEscrow(
  ctx: AppContext,
  tx: Db,
  group: Group,
  actorId: number | null,
  request: ReleaseRequest,
  { approved = false } = {},
): Promise<ReleaseOutcome> {
  const now = ctx.clock.now();
  const safeguards = await loadSafeguards(tx, group.id);
  if (!allowedPayoutDeliveries(safeguards).includes(request.delivery.delivery))
    throw new AppError('CUSTODY_WALLET_ONLY');
  const multiSignature = whenOn(safeguards.multi_signature);
  const needsSignatures = multiSignature !== null && !approved;
  const check = await checkRelease(
    releaseFactsFrom(tx, group.id),
    group,
    request.cycle,
    request.minimumShare,
    safeguards,
    now,
    {
      ignoreTimeLock: needsSignatures,
    },
  );
  if (check.blocker) throw new AppError(check.blocker);
  if (needsSignatures) {
    const pendingAction = await requestApproval(tx, group, {
      type: 'release_escrow',
      subject: `cycle:${request.cycle}`,
      payload: { cycle: request.cycle, minimumShare: request.minimumShare, delivery: request.delivery },
      requestedBy: actorId,
      requiredApprovals: multiSignature.requiredApprovals,
      amountCents: poolCents(group),
      at: now,
    });
    return { pendingAction };
  }
  const payout = await payOutCycle(
    ctx,
    tx,
    group,
    request.cycle,
    actorId,
    request.minimumShare,
    request.delivery,
  );
  return { released: payout };
}

/** For messages: the pool a release pays, as the API shows amounts. */
export const poolAmount = (group: Group) => formatAmount(poolCents(group));
