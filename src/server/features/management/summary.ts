import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { overdueBoundary } from '#server/circle/overdue-boundary.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { groupApplications } from '#server/db/applications-schema.ts';
import { contributions, groupMembers } from '#server/db/groups-schema.ts';
import { loadMemberTrust } from '#server/features/verification/trust-scores.ts';
import { GROUP_SCORE_WEIGHTS, groupScoreOf, type ManagementSummary } from '#shared/schemas/management.ts';

/**
 * GET /api/groups/:id/management-summary (members): the cards of /group-management, all counted
 * from stored rows; the formula of the group score is in shared/schemas/management.ts.
 */
export async function managementSummary(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
): Promise<ManagementSummary> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const { group, membership } = await requireMember(db, groupId, user.id);
  const isAdmin = isGroupAdmin(group, membership);

  const [members, [paid], unpaid, pending] = await Promise.all([
    db.select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId)),
    db
      .select({
        onTime: sql<number>`count(*) filter (where not ${contributions.late})`.mapWith(Number),
        late: sql<number>`count(*) filter (where ${contributions.late})`.mapWith(Number),
        cents: sql<number>`coalesce(sum(${contributions.amountCents}), 0)`.mapWith(Number),
      })
      .from(contributions)
      .where(and(eq(contributions.groupId, groupId), eq(contributions.status, 'paid'))),
    db
      .select({ dueDate: contributions.dueDate, graceDays: contributions.graceDays })
      .from(contributions)
      .where(and(eq(contributions.groupId, groupId), ne(contributions.status, 'paid'))),
    isAdmin
      ? db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(groupApplications)
          .where(and(eq(groupApplications.groupId, groupId), eq(groupApplications.status, 'pending')))
      : Promise.resolve(null),
  ]);

  const missed = unpaid.filter(
    (c) => now.getTime() >= overdueBoundary(c.dueDate, c.graceDays, group.timeZone),
  ).length;
  const counted = paid!.onTime + paid!.late + missed;
  const onTimeRate = counted === 0 ? null : Math.round((100 * paid!.onTime) / counted);
  const trust = await loadMemberTrust(
    db,
    members.map((m) => m.userId),
    now,
  );
  // Rounded before use, so the score follows from the factors shown beside it.
  const averageTrust =
    trust.size === 0
      ? 0
      : Math.round([...trust.values()].reduce((sum, s) => sum + s.trustScore, 0) / trust.size);

  return {
    groupId,
    status: group.status,
    frozen: group.frozen,
    frozenReason: group.frozenReason,
    totalMembers: members.length,
    memberLimit: group.memberLimit,
    pendingApprovals: pending === null ? null : (pending[0]?.count ?? 0),
    totalSavedCents: paid!.cents,
    groupScore: {
      score: groupScoreOf(onTimeRate, averageTrust),
      onTimeRate,
      paidOnTime: paid!.onTime,
      paidLate: paid!.late,
      missed,
      averageTrustScore: averageTrust,
      weights: { ...GROUP_SCORE_WEIGHTS },
    },
    isAdmin,
  };
}
