import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { overdueBoundary } from '#server/circle/overdue-boundary.ts';
import { contributions, groupMembers } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import { type MembersReply, membersTabTrustLevel } from '#shared/schemas/members.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { loadMemberTrust } from '../verification/trust-scores.ts';

/**
 * GET /api/groups/:groupId/members (members only): the spec's Member record for each member. The
 * paid / late / missed counts are this circle's contributions; the trust score is the person's
 * (all their circles), from the verification feature. Four queries however many members.
 */
export async function listMembers(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
): Promise<MembersReply> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const { group, membership } = await requireMember(db, groupId, user.id);
  const [rows, contributionRows] = await Promise.all([
    db
      .select({ member: groupMembers, fullName: users.fullName, username: users.username })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(sql`${groupMembers.position} nulls last`, asc(groupMembers.joinedAt), asc(groupMembers.id)),
    db
      .select({
        userId: contributions.userId,
        status: contributions.status,
        late: contributions.late,
        dueDate: contributions.dueDate,
        graceDays: contributions.graceDays,
      })
      .from(contributions)
      .where(eq(contributions.groupId, groupId)),
  ]);
  const trust = await loadMemberTrust(
    db,
    rows.map((r) => r.member.userId),
    now,
  );
  const history = new Map(rows.map((r) => [r.member.userId, { paid: 0, missed: 0, late: 0 }]));
  for (const c of contributionRows) {
    const counts = history.get(c.userId);
    // A contribution of someone no longer in the circle is not on anyone's row.
    if (!counts) continue;
    if (c.status === 'paid') {
      counts.paid += 1;
      if (c.late) counts.late += 1;
    } else if (now.getTime() >= overdueBoundary(c.dueDate, c.graceDays, group.timeZone)) counts.missed += 1;
  }
  return {
    members: rows.map(({ member, fullName, username }) => {
      const isOwner = member.userId === group.createdBy;
      const t = trust.get(member.userId)!;
      return {
        id: member.id,
        userId: member.userId,
        name: fullName,
        username,
        role: isOwner ? 'admin' : member.role,
        isOwner,
        status: member.status,
        trustScore: t.trustScore,
        trustLevel: membersTabTrustLevel(t.trustScore),
        contributionHistory: history.get(member.userId)!,
        bankVerified: t.bankVerified,
        identityVerified: t.identityVerified,
        position: member.position,
        hasReceivedPayout: member.hasReceivedPayout,
        joinedAt: member.joinedAt.toISOString(),
      };
    }),
    viewer: {
      userId: user.id,
      isAdmin: isGroupAdmin(group, membership),
      isOwner: group.createdBy === user.id,
    },
  };
}
