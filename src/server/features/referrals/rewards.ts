import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { ContributionPaid } from '#server/circle/contribution-listeners.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { prepared } from '#server/db/prepared.ts';
import { referralCodes, referralRewards, referrals } from '#server/db/referrals-schema.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { formatAmount } from '#shared/money.ts';
import { FRIEND_BONUS_CENTS, REFERRAL_TIERS } from '#shared/schemas/referrals.ts';
import { programPaused } from './paused.ts';

/**
 * Promotions money: the marketing budget (external) funds the promotions account, which pays the
 * wallet, in the same transaction (decision 0033). Both transfers have keys derived from `key`, so
 * a retry never pays twice.
 */
async function payPromotion(
  tx: Db,
  {
    key,
    userId,
    cents,
    kind,
    memo,
    at,
  }: { key: string; userId: number; cents: number; kind: string; memo: string; at: Date },
) {
  await postTransfer(tx, {
    idempotencyKey: `${key}:funding`,
    kind: 'promotion_funding',
    memo,
    at,
    legs: [
      { account: { kind: 'external', name: 'marketing' }, amountCents: -cents },
      { account: { kind: 'promotions' }, amountCents: cents },
    ],
  });
  const { transferId } = await postTransfer(tx, {
    idempotencyKey: key,
    kind,
    userId,
    memo,
    at,
    legs: [
      { account: { kind: 'promotions' }, amountCents: -cents },
      { account: { kind: 'wallet', userId }, amountCents: cents },
    ],
  });
  return transferId;
}

/**
 * Pays a referrer what their active referrals have earned and not yet been paid: each reached tier
 * once (unique per referrer and tier), and each active friend's bonus once. Holds the referrer's
 * code row for update, so concurrent activations count and pay one after the other. While the
 * program is paused nothing is paid; resuming pays it. Returns how many payments were made.
 */
export async function payOwedRewards(tx: Db, referrerId: number, at: Date): Promise<number> {
  if (await programPaused(tx)) return 0;
  await tx
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.userId, referrerId))
    .for('update');
  let payments = 0;

  const [active] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.referrerId, referrerId), eq(referrals.status, 'active')));
  const paidTiers = new Set(
    (
      await tx
        .select({ tier: referralRewards.tier })
        .from(referralRewards)
        .where(eq(referralRewards.referrerId, referrerId))
    ).map((row) => row.tier),
  );
  for (const tier of REFERRAL_TIERS) {
    if (tier.referrals > (active?.n ?? 0) || paidTiers.has(tier.referrals)) continue;
    const transferId = await payPromotion(tx, {
      key: `referral-reward:${referrerId}:${tier.referrals}`,
      userId: referrerId,
      cents: tier.rewardCents,
      kind: 'referral_reward',
      memo: `Referral reward: ${tier.referrals} active referrals`,
      at,
    });
    await tx
      .insert(referralRewards)
      .values({ referrerId, tier: tier.referrals, amountCents: tier.rewardCents, transferId, paidAt: at });
    await recordAudit(tx, {
      action: 'referral_reward_paid',
      subject: String(referrerId),
      details: { tier: tier.referrals, amountCents: tier.rewardCents, transferId },
      at,
    });
    // In the paying transaction: the tier's unique row above makes the notice as once-only as the money.
    await notify(tx, at, [referrerId], 'referral_reward_paid', null, {
      amount: formatAmount(tier.rewardCents),
      referrals: tier.referrals,
    });
    payments += 1;
  }

  const friendsOwed = await tx
    .select({ id: referrals.id, referredUserId: referrals.referredUserId })
    .from(referrals)
    .where(
      and(
        eq(referrals.referrerId, referrerId),
        eq(referrals.status, 'active'),
        isNull(referrals.friendBonusTransferId),
      ),
    )
    .orderBy(asc(referrals.id));
  for (const friend of friendsOwed) {
    const transferId = await payPromotion(tx, {
      key: `referral-friend-bonus:${friend.referredUserId}`,
      userId: friend.referredUserId,
      cents: FRIEND_BONUS_CENTS,
      kind: 'referral_bonus',
      memo: 'Welcome bonus for joining through a referral',
      at,
    });
    await tx.update(referrals).set({ friendBonusTransferId: transferId }).where(eq(referrals.id, friend.id));
    await recordAudit(tx, {
      action: 'referral_bonus_paid',
      subject: String(friend.referredUserId),
      details: { referralId: friend.id, amountCents: FRIEND_BONUS_CENTS, transferId },
      at,
    });
    payments += 1;
  }
  return payments;
}

/**
 * A referred member's contribution was confirmed: if it is their first (the referral still
 * pending), the referral becomes active and the referrer is paid what that earns.
 */
// Every paid contribution asks it: built once (db/prepared.ts).
const pendingReferralOf = prepared<{ userId: number }, { id: number; referrerId: number }[]>(
  'referral_pending_of',
  (db) =>
    db
      .select({ id: referrals.id, referrerId: referrals.referrerId })
      .from(referrals)
      .where(and(eq(referrals.referredUserId, sql.placeholder('userId')), eq(referrals.status, 'pending')))
      .for('update'),
);

export async function activateReferral(tx: Db, { userId, contributionId, at }: ContributionPaid) {
  const [referral] = await pendingReferralOf(tx, { userId });
  if (!referral) return;
  await tx.update(referrals).set({ status: 'active', activatedAt: at }).where(eq(referrals.id, referral.id));
  await recordAudit(tx, {
    action: 'referral_activated',
    subject: String(referral.referrerId),
    details: { referralId: referral.id, contributionId },
    at,
  });
  await payOwedRewards(tx, referral.referrerId, at);
}

/** On resume: every referrer with an active referral gets what waited (in id order: one lock order). */
export async function payOwedRewardsAfterResume(tx: Db, at: Date): Promise<number> {
  const referrers = await tx
    .selectDistinct({ referrerId: referrals.referrerId })
    .from(referrals)
    .where(eq(referrals.status, 'active'))
    .orderBy(asc(referrals.referrerId));
  let payments = 0;
  for (const { referrerId } of referrers) payments += await payOwedRewards(tx, referrerId, at);
  return payments;
}
