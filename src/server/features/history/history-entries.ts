import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contributions, groups, payouts } from '#server/db/groups-schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { HistoryEntry, HistoryQuery } from '#shared/schemas/history.ts';

/**
 * The user's own money history across all groups, newest first: contributions, payouts received,
 * late penalties. The history page and the data export's CSV both read it.
 */
export async function historyEntries(
  db: Db,
  userId: number,
  { type, groupId }: HistoryQuery,
): Promise<HistoryEntry[]> {
  const inGroup = groupId ? eq(contributions.groupId, groupId) : undefined;
  const entries: HistoryEntry[] = [];
  if (type !== 'payout') {
    const rows = await db
      .select({ c: contributions, groupName: groups.name })
      .from(contributions)
      .innerJoin(groups, eq(groups.id, contributions.groupId))
      .where(and(eq(contributions.userId, userId), inGroup))
      .orderBy(desc(contributions.id))
      .limit(500);
    for (const { c, groupName } of rows) {
      const base = { groupId: c.groupId, groupName, cycle: c.cycle, late: c.late };
      if (type !== 'penalty' && c.status === 'paid') {
        entries.push({
          ...base,
          id: `c${c.id}`,
          type: 'contribution',
          amount: formatAmount(c.amountCents),
          status: 'paid',
          at: c.paidAt!.toISOString(),
        });
      }
      if (c.penaltyStatus !== 'none' && c.paidAt) {
        entries.push({
          ...base,
          id: `p${c.id}`,
          type: 'penalty',
          amount: formatAmount(c.penaltyCents),
          status: c.penaltyStatus,
          at: c.paidAt.toISOString(),
        });
      }
    }
  }
  if (type === 'all' || type === 'payout') {
    const rows = await db
      .select({ p: payouts, groupName: groups.name })
      .from(payouts)
      .innerJoin(groups, eq(groups.id, payouts.groupId))
      .where(
        and(
          eq(payouts.recipientId, userId),
          groupId ? eq(payouts.groupId, groupId) : undefined,
          ne(payouts.status, 'pending'),
        ),
      )
      .orderBy(desc(payouts.id))
      .limit(500);
    for (const { p, groupName } of rows) {
      entries.push({
        id: `o${p.id}`,
        type: 'payout',
        groupId: p.groupId,
        groupName,
        cycle: p.cycle,
        amount: formatAmount(p.amountCents),
        status: p.status,
        late: false,
        at: (p.paidAt ?? p.createdAt).toISOString(),
      });
    }
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}
