import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { groupMembers } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import type { GroupVerification } from '#shared/schemas/verification.ts';
import { VERIFIED_THRESHOLD } from '#shared/verification.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { overallScore, verificationSummary } from './overall-score.ts';
import { ownView } from './own-verification.ts';
import { loadPaymentRecords } from './payment-record.ts';
import { loadPeerRatingTotals } from './peer-rating-totals.ts';
import { loadVerificationStates } from './state.ts';
import { trustScore } from './trust-score.ts';

/**
 * GET /api/groups/:groupId/verification (members only): the share of verified members, the
 * viewer's own record and trust score, every member's trust score with its reasons, and for
 * admins each member's four checks.
 */
export async function groupVerification(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
): Promise<GroupVerification> {
  const { db } = ctx.database;
  const { group, membership } = await requireMember(db, groupId, user.id);
  const members = await db
    .select({ userId: groupMembers.userId, fullName: users.fullName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${groupMembers.position} nulls last`, asc(groupMembers.joinedAt), asc(groupMembers.id));
  const ids = members.map((m) => m.userId);
  const [states, records, ratings] = await Promise.all([
    loadVerificationStates(db, ids),
    loadPaymentRecords(db, ids, ctx.clock.now()),
    loadPeerRatingTotals(db, ids),
  ]);

  const rows = members.map((member) => {
    const state = states.get(member.userId)!;
    const summary = verificationSummary(state);
    const explanation = trustScore(
      records.get(member.userId)!,
      summary.overallScore,
      ratings.get(member.userId)!,
    );
    return { member, state, summary, explanation };
  });
  const verifiedMembers = rows.filter((r) => r.summary.overallScore >= VERIFIED_THRESHOLD).length;
  const mine = rows.find((r) => r.member.userId === user.id)!;

  return {
    verificationRate: members.length === 0 ? 0 : Math.round((100 * verifiedMembers) / members.length),
    verifiedMembers,
    memberCount: members.length,
    me: { ...ownView(mine.state), trustScore: mine.explanation.score, explanation: mine.explanation },
    members: rows.map(({ member, summary, explanation }) => ({
      userId: member.userId,
      fullName: member.fullName,
      overallScore: summary.overallScore,
      trustLevel: summary.trustLevel,
      trustScore: explanation.score,
      explanation,
    })),
    adminOverview: isGroupAdmin(group, membership)
      ? rows.map(({ member, state }) => ({
          userId: member.userId,
          fullName: member.fullName,
          ...state.status,
          overallScore: overallScore(state),
        }))
      : null,
  };
}
