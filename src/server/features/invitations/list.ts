import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { groupInvitations } from '#server/db/invitations-schema.ts';
import { users } from '#server/db/schema.ts';
import type { InvitationsReply } from '#shared/schemas/invitations.ts';
import { serializeInvitation } from './serialize.ts';

/** Closed invitations stay listed this long, so an admin sees what became of them. */
const RECENT_MS = 30 * 86_400_000;
const LIMIT = 200;

/** GET /api/groups/{id}/invitations (admins): open ones first, newest first, then the recently closed. */
export async function listInvitations(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
): Promise<InvitationsReply> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  await requireAdmin(db, groupId, admin.id);
  const rows = await db
    .select({ invitation: groupInvitations, invitedByName: users.fullName })
    .from(groupInvitations)
    .leftJoin(users, eq(users.id, groupInvitations.invitedBy))
    .where(
      and(
        eq(groupInvitations.groupId, groupId),
        or(
          eq(groupInvitations.status, 'pending'),
          gt(groupInvitations.closedAt, new Date(now.getTime() - RECENT_MS)),
        ),
      ),
    )
    .orderBy(
      sql`${groupInvitations.status} = 'pending' desc`,
      desc(groupInvitations.createdAt),
      desc(groupInvitations.id),
    )
    .limit(LIMIT);
  return { invitations: rows.map((r) => serializeInvitation(r.invitation, r.invitedByName, now)) };
}
