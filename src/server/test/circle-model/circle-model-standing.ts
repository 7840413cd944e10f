import { and, desc, eq, sql } from 'drizzle-orm';
import { pendingActions } from '#server/db/safeguards-schema.ts';
import { localDay, plusDays } from './circle-model-arithmetic.ts';
import { newAction } from './circle-model-release.ts';
import { isOpen, type MGroup, ruleOn, type World } from './circle-model-state.ts';

/**
 * Member standing (group settings, decision 0030's neighbour): a member who has missed the circle's
 * max missed payments (unpaid, no debit in flight, past due date + grace in the circle's zone) is
 * inactive, and active again once below it. With "auto-remove inactive" on, becoming inactive
 * proposes their removal (docs/decisions/0029 "Member vote and proposals"), never removes anyone.
 */

export const standingOf = (g: MGroup, userId: number) => g.standing.get(userId) ?? 'active';

function missed(w: World, g: MGroup, userId: number) {
  if (g.status !== 'active') return 0;
  const today = localDay(w.r.clock.now(), g.timeZone);
  return g.contributions.filter(
    (c) =>
      c.userId === userId &&
      c.status !== 'paid' &&
      c.status !== 'processing' &&
      today > plusDays(c.dueDate, g.graceOf.get(c.cycle) ?? g.grace),
  ).length;
}

/** proposeRemoval's refusals, in its order (all swallowed by the listener): null means it proposes. */
function proposalRefused(w: World, g: MGroup, userId: number) {
  if (g.status === 'completed' || userId === g.admin) return true;
  if (g.status === 'active' && g.frozen) return true;
  const rows = g.contributions.filter((c) => c.userId === userId);
  if (rows.some((c) => c.status === 'processing')) return true;
  if (w.m.debits.some((d) => d.groupId === g.id && d.userId === userId && d.status === 'processing'))
    return true;
  const subject = `member:${userId}`;
  return g.actions.some((a) => a.type === 'remove_member' && a.subject === subject && isOpen(a));
}

/** refreshMemberStanding: true when the status changed. The proposal's id is read back later. */
export function refreshStanding(w: World, g: MGroup, userId: number): boolean {
  if (!g.members.includes(userId)) return false;
  const status = missed(w, g, userId) >= g.maxMissed ? 'inactive' : 'active';
  if (status === standingOf(g, userId)) return false;
  g.standing.set(userId, status);
  w.stats.standingChanges += 1;
  if (status !== 'inactive' || !g.autoRemove || proposalRefused(w, g, userId)) return true;
  // With the member vote on, everyone but the member votes; otherwise one admin (not the member).
  const vote = ruleOn(g, 'member_vote');
  const voters = g.members.length - 1;
  const asked = vote ? Math.max(1, Math.ceil((vote.approvalPercent! * Math.max(1, voters)) / 100)) : 1;
  const possible = vote ? voters : 1;
  newAction(w, g, -1, {
    type: 'remove_member',
    subject: `member:${userId}`,
    requestedBy: null,
    required: Math.max(1, Math.min(asked, possible)),
    excluded: [userId],
    // Without a vote, an admin decides: the owner (the model's circles have no co-admins).
    ...(vote ? {} : { only: [g.admin] }),
  });
  w.stats.removalsProposed += 1;
  return true;
}

/** sweepMemberStanding: members of running circles, and every inactive member anywhere. */
export function sweepStanding(w: World): number {
  let changed = 0;
  for (const g of w.m.groups)
    for (const userId of [...g.members])
      if ((g.status === 'active' || standingOf(g, userId) === 'inactive') && refreshStanding(w, g, userId))
        changed += 1;
  return changed;
}

/** Proposals get the database's ids: the open remove_member action of that member. */
export async function adoptProposalIds(w: World) {
  for (const g of w.m.groups)
    for (const a of g.actions.filter((x) => x.type === 'remove_member' && x.id === -1)) {
      const [row] = await w.r.db
        .select({ id: pendingActions.id })
        .from(pendingActions)
        .where(
          and(
            eq(pendingActions.groupId, g.id),
            eq(pendingActions.type, 'remove_member'),
            sql`${pendingActions.payload} ->> 'subject' = ${a.subject}`,
          ),
        )
        .orderBy(desc(pendingActions.id))
        .limit(1);
      if (!row) throw new Error(`group ${g.id}: no removal was proposed for ${a.subject}`);
      a.id = row.id;
    }
}
