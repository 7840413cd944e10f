import { and, count, eq, gt, isNull, max, or, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { memberIsAdminSql } from '#server/circle/admins.ts';
import { publishLive } from '#server/core/live.ts';
import { groupChatReads, groupMembers, groupMessages, groups } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { viewerIn } from './messages.ts';

/**
 * POST …/messages/read: the member has seen everything up to this message. Only ever moves forward,
 * and never past the circle's newest message, so a large id cannot silence messages not yet written.
 */
export async function markRead(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  lastReadMessageId: number,
) {
  return inTransaction(ctx.database.db, async (db) => {
    await viewerIn(db, groupId, user.id);
    const newest = db
      .select({ id: sql`coalesce(${max(groupMessages.id)}, 0)` })
      .from(groupMessages)
      .where(eq(groupMessages.groupId, groupId));
    const moved = await db
      .insert(groupChatReads)
      .values({
        groupId,
        userId: user.id,
        lastReadMessageId: sql`least(${lastReadMessageId}::int, (${newest}))`,
      })
      .onConflictDoUpdate({
        target: [groupChatReads.groupId, groupChatReads.userId],
        set: { lastReadMessageId: sql`excluded.last_read_message_id` },
        // Never back: an older id leaves the row as it is.
        setWhere: sql`excluded.last_read_message_id > ${groupChatReads.lastReadMessageId}`,
      })
      .returning({ groupId: groupChatReads.groupId });
    // The caller's other open screens update their unread badges, and nothing else: a read happens
    // on every message a reader sees arrive.
    if (moved.length > 0) await publishLive(db, { scope: 'user', userId: user.id, topic: 'unread' });
    return { success: true as const };
  });
}

/**
 * GET /api/chat/unread, in one statement: for each circle of the caller, the messages they can see
 * that are newer than what they read and not their own (the app's own messages count).
 */
export async function unreadCounts(ctx: AppContext, user: SessionUser) {
  const isAdmin = memberIsAdminSql();
  const unread = ctx.database.db
    .select({ n: count() })
    .from(groupMessages)
    .where(
      and(
        eq(groupMessages.groupId, groupMembers.groupId),
        gt(groupMessages.id, sql`coalesce(${groupChatReads.lastReadMessageId}, 0)`),
        isNull(groupMessages.deletedAt),
        sql`${groupMessages.userId} is distinct from ${user.id}`,
        or(
          isAdmin,
          and(
            or(isNull(groupMessages.recipientUserId), eq(groupMessages.recipientUserId, user.id)),
            eq(groupMessages.awaitingApproval, false),
          ),
        ),
      ),
    );
  return ctx.database.db
    .select({ groupId: groupMembers.groupId, unread: sql<number>`(${unread})::int` })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .leftJoin(
      groupChatReads,
      and(eq(groupChatReads.groupId, groupMembers.groupId), eq(groupChatReads.userId, groupMembers.userId)),
    )
    .where(eq(groupMembers.userId, user.id))
    .orderBy(groupMembers.groupId);
}
