import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { AppError } from '#server/http/app-error.ts';

export type Group = typeof groups.$inferSelect;
export type Membership = typeof groupMembers.$inferSelect;

/** Admin = the creator, plus members promoted to admin. */
export function isGroupAdmin(group: Group, membership: Membership | undefined): boolean {
  return membership !== undefined && (group.createdBy === membership.userId || membership.role === 'admin');
}

/** The group and the caller's membership; `lock` takes the group's row lock for the rest of the transaction. */
export async function loadGroupFor(
  tx: Db,
  groupId: number,
  userId: number,
  options: { lock?: boolean } = {},
) {
  const query = tx.select().from(groups).where(eq(groups.id, groupId));
  const [group] = options.lock ? await query.for('update') : await query;
  if (!group) throw new AppError('GROUP_NOT_FOUND');
  const [membership] = await tx
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return { group, membership };
}

export async function requireMember(
  tx: Db,
  groupId: number,
  userId: number,
  options: { lock?: boolean } = {},
) {
  const loaded = await loadGroupFor(tx, groupId, userId, options);
  if (!loaded.membership) throw new AppError('NOT_GROUP_MEMBER');
  return { group: loaded.group, membership: loaded.membership };
}

export async function requireAdmin(
  tx: Db,
  groupId: number,
  userId: number,
  options: { lock?: boolean } = {},
) {
  const loaded = await requireMember(tx, groupId, userId, options);
  if (!isGroupAdmin(loaded.group, loaded.membership)) throw new AppError('NOT_GROUP_ADMIN');
  return loaded;
}
