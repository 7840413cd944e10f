import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { contributions, groupMembers } from '#server/db/groups-schema.ts';
import { memberWarnings, peerRatings } from '#server/db/reputation-schema.ts';
import { users } from '#server/db/schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { ReputationReply } from '#shared/schemas/reputation.ts';
import { loadPaymentRecords, loadTrustScores } from '../verification/trust-scores.ts';
import { reputationOf } from './formula.ts';

type Warning = { id: number; reason: string; issuedByName: string | null; createdAt: string };

/**
 * GET /api/groups/:id/reputation (members): every member's reputation in the circle with its parts,
 * their record here (spec 001 §5 on-time rate: paid without penalty ÷ contributions no longer
 * pending, i.e. paid or past due date + grace), the ratings they got here and the caller's own
 * rating of them. Warnings' reasons go to admins and to the warned member only. A fixed number of
 * queries whatever the circle's size.
 */
export async function groupReputation(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
): Promise<ReputationReply> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const { group, membership } = await requireMember(db, groupId, user.id);
  const admin = isGroupAdmin(group, membership);
  const members = await db
    .select({
      userId: groupMembers.userId,
      fullName: users.fullName,
      status: groupMembers.status,
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${groupMembers.position} nulls last`, asc(groupMembers.joinedAt), asc(groupMembers.id));
  const ids = members.map((m) => m.userId);
  const issuer = sql<
    string | null
  >`(select ${users.fullName} from ${users} where ${users.id} = ${memberWarnings.issuedBy})`;

  const [trust, records, ratingRows, mine, warningRows, paidRows] = await Promise.all([
    loadTrustScores(db, ids, now),
    loadPaymentRecords(db, ids, now, { groupId }),
    db
      .select({
        userId: peerRatings.rateeId,
        count: sql<number>`count(*)`.mapWith(Number),
        totalStars: sql<number>`coalesce(sum(${peerRatings.stars}), 0)`.mapWith(Number),
      })
      .from(peerRatings)
      .where(eq(peerRatings.groupId, groupId))
      .groupBy(peerRatings.rateeId),
    db
      .select({
        userId: peerRatings.rateeId,
        stars: peerRatings.stars,
        comment: peerRatings.comment,
        updatedAt: peerRatings.updatedAt,
      })
      .from(peerRatings)
      .where(and(eq(peerRatings.groupId, groupId), eq(peerRatings.raterId, user.id))),
    db
      .select({
        id: memberWarnings.id,
        userId: memberWarnings.userId,
        reason: memberWarnings.reason,
        issuedByName: issuer,
        createdAt: memberWarnings.createdAt,
      })
      .from(memberWarnings)
      .where(eq(memberWarnings.groupId, groupId))
      .orderBy(asc(memberWarnings.createdAt), asc(memberWarnings.id)),
    db
      .select({
        userId: contributions.userId,
        cents: sql<number>`coalesce(sum(${contributions.amountCents}), 0)`.mapWith(Number),
      })
      .from(contributions)
      .where(and(eq(contributions.groupId, groupId), eq(contributions.status, 'paid')))
      .groupBy(contributions.userId),
  ]);

  const ratings = new Map(ratingRows.map((r) => [r.userId, r]));
  const myRatings = new Map(mine.map((r) => [r.userId, r]));
  const paid = new Map(paidRows.map((r) => [r.userId, r.cents]));
  const warnings = new Map<number, Warning[]>();
  for (const w of warningRows) {
    const list = warnings.get(w.userId) ?? [];
    list.push({
      id: w.id,
      reason: w.reason,
      issuedByName: w.issuedByName,
      createdAt: w.createdAt.toISOString(),
    });
    warnings.set(w.userId, list);
  }

  return {
    groupId,
    isAdmin: admin,
    viewerId: user.id,
    peerRatingEnabled: group.peerRatingEnabled,
    members: members.map((member) => {
      const explanation = trust.get(member.userId)!;
      const record = records.get(member.userId)!;
      const own = warnings.get(member.userId) ?? [];
      const reputation = reputationOf(explanation.score, own.length);
      const rated = ratings.get(member.userId);
      const my = myRatings.get(member.userId);
      const counted = record.onTime + record.late + record.missed;
      return {
        id: member.userId,
        name: member.fullName,
        reputationScore: reputation.score,
        paymentsOnTime: record.onTime,
        totalPayments: counted,
        onTimeRate: counted === 0 ? null : Math.round((100 * record.onTime) / counted),
        joinDate: member.joinedAt.toISOString(),
        contributions: formatAmount(paid.get(member.userId) ?? 0),
        warnings: own.length,
        isActive: member.status === 'active',
        status: member.status,
        riskScore: reputation.riskScore,
        riskLevel: reputation.riskLevel,
        level: reputation.level,
        ratings: {
          count: rated?.count ?? 0,
          average: rated ? Math.round((10 * rated.totalStars) / rated.count) / 10 : null,
        },
        myRating: my ? { stars: my.stars, comment: my.comment, updatedAt: my.updatedAt.toISOString() } : null,
        warningList: admin || member.userId === user.id ? own : null,
        formula: {
          trustScore: explanation.score,
          trust: explanation,
          warningPoints: reputation.warningPoints,
        },
      };
    }),
  };
}
