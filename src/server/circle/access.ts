import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { prepared } from '#server/db/prepared.ts';
import type { ErrorCode } from '#shared/errors.ts';

export type Group = typeof groups.$inferSelect;
export type Membership = typeof groupMembers.$inferSelect;

/** Admin = the creator, plus members promoted to admin. */
export function isGroupAdmin(group: Group, membership: Membership | undefined): boolean {
  return membership !== undefined && (group.createdBy === membership.userId || membership.role === 'admin');
}

export type AccessOptions = {
  /** Take the group's row lock for the rest of the transaction. */
  lock?: boolean;
  /**
   * The answer for a caller outside the group, the same as for an object that does not exist: the
   * named object's own "not found" (a contribution, an escrow…), or by default the group's.
   */
  notFound?: ErrorCode;
};

const groupIdParam = sql.placeholder('groupId');
const userIdParam = sql.placeholder('userId');

// Every circle operation starts with one of these: built once (db/prepared.ts).
const lockedGroup = prepared<{ groupId: number }, Group[]>('locked_group', (db) =>
  db.select().from(groups).where(eq(groups.id, groupIdParam)).for('update'),
);
/** The caller's membership of a circle, if any. */
export const membershipOf = prepared<{ groupId: number; userId: number }, Membership[]>(
  'membership_of',
  (db) =>
    db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupIdParam), eq(groupMembers.userId, userIdParam))),
);
const groupWithMembership = prepared<
  { groupId: number; userId: number },
  { group: Group; membership: Membership | null }[]
>('group_with_membership', (db) =>
  db
    .select({ group: groups, membership: groupMembers })
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userIdParam)))
    .where(eq(groups.id, groupIdParam)),
);

/**
 * The group and the caller's membership. A group that does not exist answers `notFound`; whether it
 * exists is for its members to know.
 */
export async function loadGroupFor(tx: Db, groupId: number, userId: number, options: AccessOptions = {}) {
  if (options.lock) {
    // The membership is read after the lock is granted, so it is the one the lock's last holder left
    // (a join would keep the row it read before waiting: an admin just demoted would still act).
    const [group] = await lockedGroup(tx, { groupId });
    if (!group) throw new AppError(options.notFound ?? 'GROUP_NOT_FOUND');
    const [membership] = await membershipOf(tx, { groupId, userId });
    return { group, membership };
  }
  // Without a lock nothing waits: one round trip for both.
  const [found] = await groupWithMembership(tx, { groupId, userId });
  if (!found) throw new AppError(options.notFound ?? 'GROUP_NOT_FOUND');
  return { group: found.group, membership: found.membership ?? undefined };
}

/** A member of the group; to anyone else the group (or the object named) does not exist. */
export async function requireMember(tx: Db, groupId: number, userId: number, options: AccessOptions = {}) {
  return memberOf(await loadGroupFor(tx, groupId, userId, options), options);
}

function memberOf(loaded: { group: Group; membership: Membership | undefined }, options: AccessOptions) {
  if (!loaded.membership) throw new AppError(options.notFound ?? 'GROUP_NOT_FOUND');
  return { group: loaded.group, membership: loaded.membership };
}

type AdminOptions = AccessOptions & { adminsOnlySee?: boolean };

/**
 * An admin of the group. Other members are told only admins may do this, unless the object is one
 * only admins see (a request to join): then it does not exist for them either.
 */
export async function requireAdmin(tx: Db, groupId: number, userId: number, options: AdminOptions = {}) {
  return adminOf(await requireMember(tx, groupId, userId, options), options);
}

function adminOf(loaded: { group: Group; membership: Membership }, options: AdminOptions) {
  if (!isGroupAdmin(loaded.group, loaded.membership))
    throw new AppError(options.adminsOnlySee ? (options.notFound ?? 'GROUP_NOT_FOUND') : 'NOT_GROUP_ADMIN');
  return loaded;
}

/**
 * requireAdmin for a group the caller has just locked with a statement of its own (found through an
 * object it names, a round trip shorter): the membership is read after that lock, as loadGroupFor does.
 */
export async function requireAdminOfLocked(tx: Db, group: Group, userId: number, options: AdminOptions = {}) {
  const [membership] = await membershipOf(tx, { groupId: group.id, userId });
  return adminOf(memberOf({ group, membership }, options), options);
}

/**
 * The owner (groups.createdBy): the one admin who changes roles and hands the circle over. Co-admins
 * are told only the owner may; outsiders, as always, that the group does not exist.
 */
export async function requireOwner(tx: Db, groupId: number, userId: number, options: AccessOptions = {}) {
  const loaded = await requireMember(tx, groupId, userId, options);
  if (loaded.group.createdBy !== userId) throw new AppError('NOT_GROUP_OWNER');
  return loaded;
}
