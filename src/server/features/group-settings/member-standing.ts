import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Group, Membership } from '#server/circle/access.ts';
import { groupAdminIds } from '#server/circle/admins.ts';
import { isOverdue } from '#server/circle/overdue-boundary.ts';
import { localToday } from '#server/circle/schedule.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { fullNameOf } from '#server/core/group-chat.ts';
import { listenerRegistry } from '#server/core/listener-registry.ts';
import { publishLive } from '#server/core/live.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, groupMembers, groups } from '#server/db/groups-schema.ts';
import { prepared } from '#server/db/prepared.ts';
import { inTransaction } from '#server/db/transaction.ts';

/**
 * Told when a member becomes inactive in a circle whose "auto-remove inactive" setting is on, in the
 * same transaction (holding the group lock): the place where removal is proposed, never carried out.
 */
export type MemberInactiveListener = (
  ctx: AppContext,
  tx: Db,
  group: Group,
  userId: number,
  reason: string,
) => Promise<void>;

const inactiveListeners = listenerRegistry<string, MemberInactiveListener>();

export function onMemberInactive(subscriber: string, listener: MemberInactiveListener) {
  inactiveListeners.on(subscriber, listener);
}

/** For tests: forget a subscriber. */
export function offMemberInactive(subscriber: string) {
  inactiveListeners.off(subscriber);
}

/** The latest due date that can be past due anywhere on Earth now; isOverdue applies the exact rule. */
const dueByAnywhere = (now: Date) => localToday(new Date(now.getTime() + 86_400_000), 'UTC');

type Unpaid = { status: string; dueDate: string; graceDays: number };

// Built once (db/prepared.ts): every payment refreshes its member's standing, in one round trip. The
// unpaid rows are those past due somewhere on Earth (a day either side of any time zone), so cycles
// not yet due are never read; a bank debit in flight is a payment made, as for reminders.
const standingFacts = prepared<
  { groupId: number; userId: number; dueBy: string },
  { memberId: number; status: Membership['status']; unpaid: Unpaid[] }[]
>('standing_facts', (db) =>
  db
    .select({
      memberId: groupMembers.id,
      status: groupMembers.status,
      // Written out with aliases: drizzle leaves a one-table select's columns unqualified, and inside
      // the subquery those would name the contributions' own columns.
      unpaid: sql<Unpaid[]>`coalesce((
        select json_agg(json_build_object('status', c.status, 'dueDate', c.due_date, 'graceDays', c.grace_days))
        from contributions c
        where c.group_id = group_members.group_id and c.user_id = group_members.user_id
          and c.status not in ('paid', 'processing') and c.due_date <= ${sql.placeholder('dueBy')}), '[]')`,
    })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, sql.placeholder('groupId')),
        eq(groupMembers.userId, sql.placeholder('userId')),
      ),
    ),
);

/**
 * Brings a member's status in line with their missed contributions: inactive once they reach the
 * circle's max missed payments, active again once they are below it. Idempotent: only a change
 * notifies, audits and tells listeners. Suspension is an admin's decision and is left alone.
 * Call it in a transaction holding the group lock.
 */
export async function refreshMemberStanding(ctx: AppContext, tx: Db, group: Group, userId: number) {
  const now = ctx.clock.now();
  const [member] = await standingFacts(tx, { groupId: group.id, userId, dueBy: dueByAnywhere(now) });
  if (!member || member.status === 'suspended') return null;
  // Contributions the member missed in this circle: unpaid after due date + grace (the Payments tab's rule).
  const missed = member.unpaid.filter((c) => isOverdue(c, group, now)).length;
  const status = missed >= group.maxMissedPayments ? 'inactive' : 'active';
  if (status === member.status) return null;
  await tx
    .update(groupMembers)
    .set({ status, statusChangedAt: now })
    .where(eq(groupMembers.id, member.memberId));
  const memberName = await fullNameOf(tx, userId);
  const told = [...new Set([userId, ...(await groupAdminIds(tx, group))])];
  if (status === 'inactive')
    await notify(tx, now, told, 'member_inactive', group.id, {
      groupName: group.name,
      memberName,
      missed,
      limit: group.maxMissedPayments,
    });
  else await notify(tx, now, told, 'member_reactivated', group.id, { groupName: group.name, memberName });
  await recordAudit(tx, {
    action: 'member_status_changed',
    subject: String(member.memberId),
    details: {
      groupId: group.id,
      userId,
      from: member.status,
      to: status,
      missed,
      limit: group.maxMissedPayments,
    },
    at: now,
  });
  await publishLive(tx, { scope: 'group', groupId: group.id, topic: 'group' });
  if (status === 'inactive' && group.autoRemoveInactive) {
    const reason = `Missed ${missed} contributions (limit ${group.maxMissedPayments})`;
    await inactiveListeners.emit(ctx, tx, group, userId, reason);
  }
  return status;
}

/**
 * The due sweep's step: every member of an active circle with an overdue contribution, and every
 * inactive member (who may have caught up, or whose circle's limit was raised), is brought up to
 * date. Returns how many changed.
 */
export async function sweepMemberStanding(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const dueBy = dueByAnywhere(now);
  const late = await db
    .selectDistinct({ groupId: contributions.groupId, userId: contributions.userId })
    .from(contributions)
    .innerJoin(groups, eq(groups.id, contributions.groupId))
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, contributions.groupId), eq(groupMembers.userId, contributions.userId)),
    )
    .where(
      and(
        eq(groups.status, 'active'),
        ne(contributions.status, 'paid'),
        lte(contributions.dueDate, dueBy),
        eq(groupMembers.status, 'active'),
      ),
    );
  const inactive = await db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.status, 'inactive'));
  let changed = 0;
  for (const { groupId, userId } of [...late, ...inactive]) {
    const result = await inTransaction(db, async (tx) => {
      const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
      return group ? refreshMemberStanding(ctx, tx, group, userId) : null;
    });
    if (result) changed += 1;
  }
  return changed;
}
