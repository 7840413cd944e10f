import { and, eq, ne } from 'drizzle-orm';
import type { Group } from '#server/circle/access.ts';
import { isOverdue } from '#server/circle/overdue-boundary.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, groupMembers } from '#server/db/schema.ts';
import type { AnnouncementAudience } from '#shared/schemas/chat.ts';

/**
 * The members an announcement reaches, from their real contributions at this moment: late = those
 * with an overdue contribution (the app's one overdue rule), active = the others, all = everyone.
 */
export async function audienceMembers(
  tx: Db,
  group: Group,
  audience: AnnouncementAudience,
  now: Date,
): Promise<number[]> {
  const members = (
    await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, group.id))
  ).map((m) => m.userId);
  if (audience === 'all') return members;
  const unpaid = await tx
    .select({
      userId: contributions.userId,
      status: contributions.status,
      dueDate: contributions.dueDate,
      graceDays: contributions.graceDays,
    })
    .from(contributions)
    .where(and(eq(contributions.groupId, group.id), ne(contributions.status, 'paid')));
  const late = new Set(unpaid.filter((c) => isOverdue(c, group, now)).map((c) => c.userId));
  return members.filter((id) => (audience === 'late' ? late.has(id) : !late.has(id)));
}
