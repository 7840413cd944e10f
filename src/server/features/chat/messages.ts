import { and, count, desc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { AppError } from '#server/core/errors.ts';
import { communicationSettings } from '#server/core/group-chat.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groupMessages, users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { MESSAGES_PER_MINUTE } from '#shared/chat-limits.ts';
import type { sendMessageSchema } from '#shared/schemas/chat.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { messageColumns, toChatMessage, type Viewer, visibleTo } from './message-view.ts';

const MINUTE = 60_000;

/** The caller as a reader of this circle's chat; to anyone outside it the circle does not exist. */
export async function viewerIn(tx: Db, groupId: number, userId: number, options = { lock: false }) {
  const { group, membership } = await requireMember(tx, groupId, userId);
  if (options.lock)
    // The member's own row: parallel sends by the same member queue here (the rate limit's count).
    await tx
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(eq(groupMembers.id, membership.id))
      .for('update');
  return { group, viewer: { userId, isAdmin: isGroupAdmin(group, membership) } satisfies Viewer };
}

/** GET …/messages: newest first, a page at a time; `pinned` lists the pinned ones, newest pinned first. */
export async function listMessages(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  query: { before?: number; limit: number; pinned?: 'true' | 'false' },
) {
  const { db } = ctx.database;
  const { viewer } = await viewerIn(db, groupId, user.id);
  const pinned = query.pinned === 'true';
  const rows = await db
    .select(messageColumns)
    .from(groupMessages)
    .leftJoin(users, eq(users.id, groupMessages.userId))
    .where(
      and(
        eq(groupMessages.groupId, groupId),
        visibleTo(viewer),
        query.before !== undefined ? lt(groupMessages.id, query.before) : undefined,
        pinned ? isNotNull(groupMessages.pinnedAt) : undefined,
      ),
    )
    .orderBy(...(pinned ? [desc(groupMessages.pinnedAt)] : []), desc(groupMessages.id))
    .limit(query.limit);
  return rows.map(toChatMessage);
}

/**
 * POST …/messages. The rate limit is counted in the database under the member's row lock, so a
 * burst of parallel sends stores at most MESSAGES_PER_MINUTE in any rolling minute, on any number of
 * server instances. A frozen circle still chats: its members need to talk most then.
 */
export async function sendMessage(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: z.output<typeof sendMessageSchema>,
) {
  if (input.userId !== undefined && input.userId !== user.id) throw new AppError('FORBIDDEN');
  return inTransaction(ctx.database.db, async (tx) => {
    const { viewer } = await viewerIn(tx, groupId, user.id, { lock: true });
    const settings = await communicationSettings(tx, groupId);
    if (!settings.membersCanMessage && !viewer.isAdmin) throw new AppError('MESSAGING_RESTRICTED');
    const now = ctx.clock.now();
    const [recent] = await tx
      .select({ n: count() })
      .from(groupMessages)
      .where(
        and(
          eq(groupMessages.groupId, groupId),
          eq(groupMessages.userId, user.id),
          gt(groupMessages.createdAt, new Date(now.getTime() - MINUTE)),
        ),
      );
    if ((recent?.n ?? 0) >= MESSAGES_PER_MINUTE)
      throw new AppError('MESSAGE_RATE_LIMITED', undefined, { 'retry-after': '60' });
    const [message] = await tx
      .insert(groupMessages)
      .values({
        groupId,
        userId: user.id,
        message: input.message,
        messageType: 'text',
        awaitingApproval: settings.requireApproval && !viewer.isAdmin,
        createdAt: now,
      })
      .returning();
    return toChatMessage({ message: message!, fullName: user.fullName });
  });
}
