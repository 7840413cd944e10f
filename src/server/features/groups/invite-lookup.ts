import { asc, eq } from 'drizzle-orm';
import { emergencyShareCents, poolCents } from '#server/circle/rules.ts';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import { formatAmount } from '#shared/money.ts';
import { activeRulesOf } from '../group-settings/rules.ts';

/** What someone holding an invite code may see before joining: no invite code, no money records. */
export async function groupByInviteCode(db: Db, code: string) {
  const [group] = await db.select().from(groups).where(eq(groups.inviteCode, code));
  if (!group) throw new AppError('INVITE_NOT_FOUND');
  const members = await db
    .select({ id: groupMembers.id, fullName: users.fullName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, group.id))
    .orderBy(asc(groupMembers.joinedAt));
  return {
    group: {
      id: group.id,
      name: group.name,
      status: group.status,
      currentMembers: group.currentMembers,
      memberLimit: group.memberLimit,
      contributionAmount: formatAmount(group.contributionCents),
      frequency: group.frequency,
      requireApproval: group.requireApproval,
      rotationMethod: group.rotationMethod,
      seedHash: group.seedHash,
    },
    // Shown before anyone joins: the reserve's share of each contribution and what a payout comes to.
    emergencyFund: {
      percentage: group.emergencyFundPercentage,
      shareAmount: formatAmount(emergencyShareCents(group, group.contributionCents)),
      payoutAmount: formatAmount(poolCents(group)),
    },
    rules: await activeRulesOf(db, group.id),
    members: members.map((m) => ({ id: m.id, user: { fullName: m.fullName } })),
  };
}
