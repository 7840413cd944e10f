import type { ChatMessage } from '#shared/schemas/chat.ts';

/** Who reads the chat: their id (their own messages say "You") and whether they administer the circle. */
export type ChatViewer = { userId: number; isAdmin: boolean };

/** What the screen can do to a message; a missing handler hides that choice (the demo has no reports). */
export type MessageHandlers = {
  onDelete?: (message: ChatMessage) => void;
  onPin?: (message: ChatMessage) => void;
  onUnpin?: (message: ChatMessage) => void;
  onApprove?: (message: ChatMessage) => void;
  onReport?: (message: ChatMessage, reason: string) => void;
};

export type MessageChoice = 'delete' | 'pin' | 'unpin' | 'approve' | 'report';

/**
 * The choices a reader has on a message: members delete their own, admins delete, pin, unpin and
 * approve any; anyone but its author reports a member's message to the admins.
 */
export function messageChoices(message: ChatMessage, viewer: ChatViewer, handlers: MessageHandlers) {
  const own = message.userId !== null && message.userId === viewer.userId;
  const choices: MessageChoice[] = [];
  if (viewer.isAdmin && message.awaitingApproval && handlers.onApprove) choices.push('approve');
  // Warnings are one member's business and unapproved messages are not public yet: neither is pinned.
  if (viewer.isAdmin && !message.awaitingApproval && message.messageType !== 'warning') {
    if (message.isPinned && handlers.onUnpin) choices.push('unpin');
    if (!message.isPinned && handlers.onPin) choices.push('pin');
  }
  if (!own && message.messageType === 'text' && handlers.onReport) choices.push('report');
  if ((own || viewer.isAdmin) && handlers.onDelete) choices.push('delete');
  return choices;
}
