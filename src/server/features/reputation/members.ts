import { and, eq } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';

/** Another member of the circle, named in a path; anyone else is not found (ids tell nothing). */
export async function requireOtherMember(tx: Db, groupId: number, userId: number) {
  const [member] = await tx
    .select({ userId: groupMembers.userId, fullName: users.fullName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}
