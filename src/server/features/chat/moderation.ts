import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { groupAdminIds } from '#server/circle/admins.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { groupMessages, messageReports, users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { toChatMessage, type Viewer, visibleTo } from './message-view.ts';
import { viewerIn } from './messages.ts';

type Message = typeof groupMessages.$inferSelect;

/** A message of this circle the viewer can see, locked; any other id names nothing. */
async function visibleMessage(tx: Db, groupId: number, messageId: number, viewer: Viewer) {
  const [message] = await tx
    .select()
    .from(groupMessages)
    .where(and(eq(groupMessages.id, messageId), eq(groupMessages.groupId, groupId), visibleTo(viewer)))
    .for('update');
  if (!message) throw new AppError('MESSAGE_NOT_FOUND');
  return message;
}

/** Loads the message for an admin's action; other members are told only admins may do this. */
async function forAdmin(tx: Db, user: SessionUser, groupId: number, messageId: number) {
  const { viewer } = await viewerIn(tx, groupId, user.id);
  const message = await visibleMessage(tx, groupId, messageId, viewer);
  if (!viewer.isAdmin) throw new AppError('NOT_GROUP_ADMIN');
  return message;
}

/** The message as the chat shows it, with its sender's name. */
async function shown(tx: Db, message: Message) {
  const [sender] = message.userId
    ? await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, message.userId))
    : [];
  return toChatMessage({ message, fullName: sender?.fullName ?? null });
}

async function update(tx: Db, message: Message, changes: Partial<Message>) {
  const [updated] = await tx
    .update(groupMessages)
    .set(changes)
    .where(eq(groupMessages.id, message.id))
    .returning();
  return shown(tx, updated!);
}

/** DELETE …/messages/{id}: the author their own, an admin any (the app's own messages only admins). Soft. */
export async function deleteMessage(ctx: AppContext, user: SessionUser, groupId: number, messageId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { viewer } = await viewerIn(tx, groupId, user.id);
    const message = await visibleMessage(tx, groupId, messageId, viewer);
    if (!viewer.isAdmin && message.userId !== user.id) throw new AppError('NOT_MESSAGE_AUTHOR');
    const now = ctx.clock.now();
    await tx
      .update(groupMessages)
      .set({ deletedAt: now, deletedBy: user.id })
      .where(eq(groupMessages.id, message.id));
    // An admin removing someone else's words (or the app's) is on the record; one's own is not.
    if (message.userId !== user.id)
      await recordAudit(tx, {
        action: 'message_removed',
        actorUserId: user.id,
        subject: String(message.id),
        details: { groupId, authorId: message.userId },
        at: now,
      });
    return { success: true as const };
  });
}

/** Pin (admins): the app's warnings are one member's business, and unapproved messages not yet anyone's. */
export async function pinMessage(ctx: AppContext, user: SessionUser, groupId: number, messageId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const message = await forAdmin(tx, user, groupId, messageId);
    if (message.messageType === 'warning' || message.awaitingApproval)
      throw new AppError('MESSAGE_NOT_PINNABLE');
    // Pinning again keeps its place among the pinned.
    if (message.pinnedAt) return shown(tx, message);
    return update(tx, message, { pinnedAt: ctx.clock.now(), pinnedBy: user.id });
  });
}

export async function unpinMessage(ctx: AppContext, user: SessionUser, groupId: number, messageId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const message = await forAdmin(tx, user, groupId, messageId);
    return update(tx, message, { pinnedAt: null, pinnedBy: null });
  });
}

/** requireApproval: an admin lets a member's message through to everyone. */
export async function approveMessage(ctx: AppContext, user: SessionUser, groupId: number, messageId: number) {
  return inTransaction(ctx.database.db, async (tx) => {
    const message = await forAdmin(tx, user, groupId, messageId);
    if (!message.awaitingApproval) throw new AppError('MESSAGE_NOT_AWAITING_APPROVAL');
    return update(tx, message, { awaitingApproval: false });
  });
}

/**
 * A member reports another member's message to the admins, once (again → 409
 * MESSAGE_ALREADY_REPORTED, so the screen can say so). The admins are notified.
 */
export async function reportMessage(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  messageId: number,
  reason: string,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group, viewer } = await viewerIn(tx, groupId, user.id);
    const message = await visibleMessage(tx, groupId, messageId, viewer);
    if (message.userId === null || message.userId === user.id) throw new AppError('MESSAGE_NOT_REPORTABLE');
    const now = ctx.clock.now();
    const stored = await tx
      .insert(messageReports)
      .values({ messageId, reporterId: user.id, reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ messageId: messageReports.messageId });
    if (stored.length === 0) throw new AppError('MESSAGE_ALREADY_REPORTED');
    await recordAudit(tx, {
      action: 'message_reported',
      actorUserId: user.id,
      subject: String(messageId),
      details: { groupId, reason },
      at: now,
    });
    const admins = (await groupAdminIds(tx, group)).filter((id) => id !== user.id);
    await notify(tx, now, admins, 'message_reported', groupId, {
      groupName: group.name,
      reporterName: user.fullName,
      messageId,
    });
    return { success: true as const };
  });
}
