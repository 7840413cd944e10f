import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireMember } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { peerRatings } from '#server/db/reputation-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { RateMemberInput } from '#shared/schemas/reputation.ts';
import { requireOtherMember } from './members.ts';

/**
 * PUT /api/groups/:id/ratings/:userId: the caller's one rating of another member of the circle,
 * created or edited (the database keeps one per rater, ratee and circle). Refused when the circle
 * has peer rating off; never of oneself.
 */
export async function rateMember(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  rateeId: number,
  input: Required<RateMemberInput>,
) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireMember(tx, groupId, user.id);
    if (!group.peerRatingEnabled) throw new AppError('PEER_RATING_DISABLED');
    if (rateeId === user.id) throw new AppError('CANNOT_RATE_SELF');
    const ratee = await requireOtherMember(tx, groupId, rateeId);
    const pair = and(
      eq(peerRatings.groupId, groupId),
      eq(peerRatings.raterId, user.id),
      eq(peerRatings.rateeId, rateeId),
    );
    const [earlier] = await tx.select({ stars: peerRatings.stars }).from(peerRatings).where(pair);
    // An upsert, so two first ratings sent at once still leave one row.
    const [saved] = await tx
      .insert(peerRatings)
      .values({
        groupId,
        raterId: user.id,
        rateeId,
        stars: input.stars,
        comment: input.comment,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [peerRatings.groupId, peerRatings.raterId, peerRatings.rateeId],
        set: { stars: input.stars, comment: input.comment, updatedAt: now },
      })
      .returning();
    await recordAudit(tx, {
      action: 'peer_rating_saved',
      actorUserId: user.id,
      subject: String(groupId),
      details: { rateeId, stars: input.stars, previousStars: earlier?.stars ?? null },
      at: now,
    });
    return {
      success: true as const,
      message: `Your rating for ${ratee.fullName} has been recorded.`,
      edited: earlier !== undefined,
      rating: { stars: saved!.stars, comment: saved!.comment, updatedAt: saved!.updatedAt.toISOString() },
    };
  });
}
