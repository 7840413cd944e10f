import { and, desc, eq, exists, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/core/errors.ts';
import { communicationSettings } from '#server/core/group-chat.ts';
import { notify } from '#server/core/notify.ts';
import { announcementRecipients, groupAnnouncements, users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { Announcement, AnnouncementPriority, createAnnouncementSchema } from '#shared/schemas/chat.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { audienceMembers } from './audience.ts';
import { viewerIn } from './messages.ts';

/** Announcements that also reach the bell: the ones a member should not miss. */
const notifiedPriorities: ReadonlySet<AnnouncementPriority> = new Set(['high', 'urgent']);

type Row = typeof groupAnnouncements.$inferSelect;
const toAnnouncement = (a: Row, fullName: string): Announcement => ({
  id: a.id,
  groupId: a.groupId,
  createdBy: a.createdBy,
  title: a.title,
  content: a.content,
  priority: a.priority,
  audience: a.audience,
  createdAt: a.createdAt.toISOString(),
  createdByUser: { fullName },
});

/** GET …/announcements, newest first: admins see all, a member those addressed to them. */
export async function listAnnouncements(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  const { viewer } = await viewerIn(db, groupId, user.id);
  const addressedToMe = exists(
    db
      .select({ one: announcementRecipients.userId })
      .from(announcementRecipients)
      .where(
        and(
          eq(announcementRecipients.announcementId, groupAnnouncements.id),
          eq(announcementRecipients.userId, user.id),
        ),
      ),
  );
  const rows = await db
    .select({ a: groupAnnouncements, fullName: users.fullName })
    .from(groupAnnouncements)
    .innerJoin(users, eq(users.id, groupAnnouncements.createdBy))
    .where(
      and(
        eq(groupAnnouncements.groupId, groupId),
        viewer.isAdmin ? undefined : or(addressedToMe, eq(groupAnnouncements.createdBy, user.id)),
      ),
    )
    .orderBy(desc(groupAnnouncements.id))
    .limit(200);
  return rows.map((r) => toAnnouncement(r.a, r.fullName));
}

/**
 * POST …/announcements. Admins only, unless the circle lets members post (then to everyone only).
 * The audience is fixed now from real contributions; high and urgent ones also ring the bell of
 * every recipient but the author.
 */
export async function createAnnouncement(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: z.output<typeof createAnnouncementSchema>,
) {
  if (input.createdBy !== undefined && input.createdBy !== user.id) throw new AppError('FORBIDDEN');
  return inTransaction(ctx.database.db, async (tx) => {
    const { group, viewer } = await viewerIn(tx, groupId, user.id);
    if (!viewer.isAdmin) {
      const settings = await communicationSettings(tx, groupId);
      if (settings.adminOnlyAnnouncements) throw new AppError('ANNOUNCEMENTS_ADMIN_ONLY');
      if (input.audience !== 'all') throw new AppError('ANNOUNCEMENT_AUDIENCE_ADMIN_ONLY');
    }
    const now = ctx.clock.now();
    const recipients = await audienceMembers(tx, group, input.audience, now);
    const [row] = await tx
      .insert(groupAnnouncements)
      .values({
        groupId,
        createdBy: user.id,
        title: input.title,
        content: input.content,
        priority: input.priority,
        audience: input.audience,
        createdAt: now,
      })
      .returning();
    if (recipients.length > 0)
      await tx
        .insert(announcementRecipients)
        .values(recipients.map((userId) => ({ announcementId: row!.id, userId })));
    if (notifiedPriorities.has(input.priority))
      await notify(
        tx,
        now,
        recipients.filter((id) => id !== user.id),
        'announcement_posted',
        groupId,
        { groupName: group.name, title: input.title, priority: input.priority },
      );
    return toAnnouncement(row!, user.fullName);
  });
}
