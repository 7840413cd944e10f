import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { peerRatings } from '#server/db/reputation-schema.ts';
import { NO_RATINGS, type PeerRatingTotals } from './trust-score.ts';

/** Each person's peer ratings over every circle they were rated in, in one query. */
export async function loadPeerRatingTotals(
  db: Db,
  userIds: number[],
): Promise<Map<number, PeerRatingTotals>> {
  const totals = new Map<number, PeerRatingTotals>(userIds.map((id) => [id, NO_RATINGS]));
  if (userIds.length === 0) return totals;
  const rows = await db
    .select({
      userId: peerRatings.rateeId,
      count: sql<number>`count(*)`.mapWith(Number),
      totalStars: sql<number>`coalesce(sum(${peerRatings.stars}), 0)`.mapWith(Number),
    })
    .from(peerRatings)
    .where(inArray(peerRatings.rateeId, userIds))
    .groupBy(peerRatings.rateeId);
  for (const row of rows) totals.set(row.userId, { count: row.count, totalStars: row.totalStars });
  return totals;
}
