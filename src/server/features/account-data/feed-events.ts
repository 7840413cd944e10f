import { and, eq, ne, or, sql } from 'drizzle-orm';
import { poolCents } from '#server/circle/rules.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, cycles, groupMembers, groups } from '#server/db/schema.ts';

export type FeedEvent = {
  kind: 'due' | 'payout';
  groupId: number;
  groupName: string;
  cycle: number;
  /** A calendar day in the circle's time zone ('YYYY-MM-DD'). */
  date: string;
  timeZone: string;
  amountCents: number;
};

/** A feed is small (a user's own circles); this bounds it if something goes very wrong. */
const MAX_EVENTS = 2000;

/**
 * The user's calendar: each contribution still to pay (open or upcoming cycle, not paid) and each
 * payout the user receives, in every circle they belong to. Only the user's own rows.
 */
export async function feedEvents(db: Db, userId: number): Promise<FeedEvent[]> {
  const mine = and(eq(groupMembers.groupId, cycles.groupId), eq(groupMembers.userId, userId));
  const dues = await db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      timeZone: groups.timeZone,
      contributionCents: groups.contributionCents,
      cycle: cycles.number,
      date: sql<string>`coalesce(${contributions.dueDate}, ${cycles.dueOn})::text`,
      amountCents: contributions.amountCents,
    })
    .from(cycles)
    .innerJoin(groupMembers, mine)
    .innerJoin(groups, eq(groups.id, cycles.groupId))
    .leftJoin(
      contributions,
      and(
        eq(contributions.groupId, cycles.groupId),
        eq(contributions.cycle, cycles.number),
        eq(contributions.userId, userId),
      ),
    )
    .where(
      and(
        ne(cycles.status, 'paid_out'),
        ne(groups.status, 'completed'),
        or(sql`${contributions.id} is null`, ne(contributions.status, 'paid')),
      ),
    )
    .orderBy(cycles.groupId, cycles.number)
    .limit(MAX_EVENTS);
  const payouts = await db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      timeZone: groups.timeZone,
      contributionCents: groups.contributionCents,
      memberLimit: groups.memberLimit,
      emergencyFundPercentage: groups.emergencyFundPercentage,
      cycle: cycles.number,
      date: cycles.payoutOn,
    })
    .from(cycles)
    .innerJoin(groups, eq(groups.id, cycles.groupId))
    .where(eq(cycles.recipientUserId, userId))
    .orderBy(cycles.groupId, cycles.number)
    .limit(MAX_EVENTS);
  return [
    ...dues.map((d) => ({
      kind: 'due' as const,
      groupId: d.groupId,
      groupName: d.groupName,
      cycle: d.cycle,
      date: d.date,
      timeZone: d.timeZone,
      amountCents: d.amountCents ?? d.contributionCents,
    })),
    ...payouts.map((p) => ({
      kind: 'payout' as const,
      groupId: p.groupId,
      groupName: p.groupName,
      cycle: p.cycle,
      date: p.date,
      timeZone: p.timeZone,
      // The pool before the fee: what the calendar can promise before the payout is made.
      amountCents: poolCents(p),
    })),
  ];
}
