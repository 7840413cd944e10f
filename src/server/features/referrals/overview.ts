import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { referralRewards, referrals, users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { FRIEND_BONUS_CENTS, REFERRAL_TIERS, type ReferralsReply } from '#shared/schemas/referrals.ts';
import { referralCodeOf } from './codes.ts';
import { programPaused } from './paused.ts';

/** The page shows the latest referrals; the counts cover all of them. */
const LIST_LIMIT = 100;

/** A referred person as their referrer sees them: first name only, never their email. */
const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

/** GET /api/referrals: the caller's code (made on first use), stats, tiers and referrals. */
export async function referralOverview(ctx: AppContext, user: SessionUser): Promise<ReferralsReply> {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const code = await referralCodeOf(tx, user.id, now);
    const paused = await programPaused(tx);
    const counts = await tx
      .select({ status: referrals.status, n: count() })
      .from(referrals)
      .where(eq(referrals.referrerId, user.id))
      .groupBy(referrals.status);
    const activeReferrals = counts.find((row) => row.status === 'active')?.n ?? 0;
    const totalReferrals = counts.reduce((sum, row) => sum + row.n, 0);
    const paid = await tx
      .select({ tier: referralRewards.tier, amountCents: referralRewards.amountCents })
      .from(referralRewards)
      .where(eq(referralRewards.referrerId, user.id));
    const paidTiers = new Set(paid.map((row) => row.tier));
    const tiers = REFERRAL_TIERS.map((tier) => ({
      referrals: tier.referrals,
      rewardCents: tier.rewardCents,
      status: paidTiers.has(tier.referrals)
        ? ('paid' as const)
        : activeReferrals >= tier.referrals
          ? ('waiting' as const)
          : ('locked' as const),
    }));
    const list = await tx
      .select({
        id: referrals.id,
        fullName: users.fullName,
        status: referrals.status,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .innerJoin(users, and(eq(users.id, referrals.referredUserId)))
      .where(eq(referrals.referrerId, user.id))
      .orderBy(desc(referrals.id))
      .limit(LIST_LIMIT);
    return {
      code,
      paused,
      friendBonusCents: FRIEND_BONUS_CENTS,
      stats: {
        totalReferrals,
        activeReferrals,
        totalEarned: paid.reduce((sum, row) => sum + row.amountCents, 0),
        pendingRewards: tiers
          .filter((t) => t.status === 'waiting')
          .reduce((sum, t) => sum + t.rewardCents, 0),
      },
      tiers,
      referrals: list.map((row) => ({
        id: row.id,
        firstName: firstNameOf(row.fullName),
        status: row.status,
        joinedAt: row.createdAt.toISOString(),
      })),
    };
  });
}
