import { and, eq, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';

/** A circle's admins: the creator and members promoted to admin (they decide and are told). */
export async function groupAdminIds(tx: Db, group: { id: number; createdBy: number }): Promise<number[]> {
  const rows = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, group.id),
        or(eq(groupMembers.role, 'admin'), eq(groupMembers.userId, group.createdBy)),
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * isGroupAdmin (access.ts) as SQL over a query that joins group_members to groups: the owner or a
 * member with role 'admin'. For reads over many circles at once, so they use the same rule.
 */
export const memberIsAdminSql = () =>
  or(eq(groupMembers.role, 'admin'), eq(groups.createdBy, groupMembers.userId));
