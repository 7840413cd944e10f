import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contributions, cycles, groupMembers, groups } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import { ledgerAccounts } from '#server/ledger/schema.ts';
import { formatAmount } from '#shared/money.ts';
import { serializeGroup } from './group-detail.ts';

/** The user's groups with the figures their cards show, in one round of indexed queries. */
export async function userGroups(db: Db, userId: number) {
  const recipient = sql<
    string | null
  >`(select ${users.fullName} from ${users} where ${users.id} = ${cycles.recipientUserId})`;
  const rows = await db
    .select({
      group: groups,
      hasReceivedPayout: groupMembers.hasReceivedPayout,
      position: groupMembers.position,
      nextRecipient: recipient,
      payoutDate: cycles.payoutOn,
      dueDate: cycles.dueOn,
      paidCount: sql<number>`(select count(*)::int from ${contributions} c where c.group_id = ${groups.id} and c.cycle = ${groups.currentCycle} and c.status = 'paid')`,
      balanceCents: sql<number>`coalesce((select ${ledgerAccounts.balanceCents} from ${ledgerAccounts} where ${ledgerAccounts.key} = 'escrow:' || ${groups.id} || ':' || ${groups.currentCycle}), 0)`,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .leftJoin(cycles, and(eq(cycles.groupId, groups.id), eq(cycles.number, groups.currentCycle)))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.status), asc(groups.createdAt));

  return rows.map((row) => ({
    ...serializeGroup(row.group, { includeInvite: true }),
    contributionProgress: row.group.status === 'active' ? row.paidCount : 0,
    nextRecipient: row.group.status === 'active' ? row.nextRecipient : null,
    payoutDate: row.group.status === 'active' ? row.payoutDate : null,
    dueDate: row.group.status === 'active' ? row.dueDate : null,
    balance: formatAmount(Number(row.balanceCents)),
    myPosition: row.position,
    hasReceivedPayout: row.hasReceivedPayout,
  }));
}
