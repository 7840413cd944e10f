import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { groupMessages, users } from '#server/db/schema.ts';
import type { ChatMessage } from '#shared/schemas/chat.ts';

/** Who is reading a circle's chat: what they may see depends on whether they are an admin. */
export type Viewer = { userId: number; isAdmin: boolean };

/**
 * The messages a viewer sees: never deleted ones; a warning only by its member and the admins; a
 * message awaiting approval only by its author and the admins.
 */
export function visibleTo(viewer: Viewer): SQL {
  const notDeleted = isNull(groupMessages.deletedAt);
  if (viewer.isAdmin) return notDeleted;
  return and(
    notDeleted,
    or(isNull(groupMessages.recipientUserId), eq(groupMessages.recipientUserId, viewer.userId)),
    or(eq(groupMessages.awaitingApproval, false), eq(groupMessages.userId, viewer.userId)),
  )!;
}

/** The columns a message is shown with; the sender's name comes from users, so a removed member keeps it. */
export const messageColumns = {
  message: groupMessages,
  fullName: users.fullName,
};

export type MessageRow = { message: typeof groupMessages.$inferSelect; fullName: string | null };

export function toChatMessage({ message: m, fullName }: MessageRow): ChatMessage {
  return {
    id: m.id,
    groupId: m.groupId,
    userId: m.userId,
    message: m.message,
    messageType: m.messageType,
    system: m.systemKind ? { kind: m.systemKind, params: m.systemParams ?? {} } : null,
    isPinned: m.pinnedAt !== null,
    awaitingApproval: m.awaitingApproval,
    createdAt: m.createdAt.toISOString(),
    user: m.userId !== null && fullName !== null ? { fullName } : null,
  };
}
