import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChatViewer, MessageHandlers } from './message-actions.ts';
import { chatQueries, oldestFirst } from './queries.ts';
import { useMarkRead, useMessageAction, useReportMessage, useSendMessage } from './use-chat-actions.ts';

/**
 * A circle's chat from the server, as the panel takes it: the loaded pages, the older-page loader, who
 * may write (members-can-message off leaves it to the admins), and the actions on messages.
 */
export function useGroupChat(groupId: number, viewer: ChatViewer, where: 'chat' | 'management' = 'chat') {
  const pages = useInfiniteQuery(chatQueries.messages(groupId));
  const settings = useQuery(chatQueries.settings(groupId));
  const send = useSendMessage(groupId, viewer.userId, where);
  const action = useMessageAction(groupId);
  const report = useReportMessage(groupId);
  const markRead = useMarkRead(groupId);
  const messages = useMemo(() => oldestFirst(pages.data?.pages ?? []), [pages.data]);

  const handlers: MessageHandlers = {
    onDelete: (m) => action.mutate({ action: 'delete', messageId: m.id }),
    onPin: (m) => action.mutate({ action: 'pin', messageId: m.id }),
    onUnpin: (m) => action.mutate({ action: 'unpin', messageId: m.id }),
    onApprove: (m) => action.mutate({ action: 'approve', messageId: m.id }),
    onReport: (m, reason) => report.mutate({ messageId: m.id, reason }),
  };
  const membersCanMessage = settings.data?.membersCanMessage ?? true;

  return {
    messages,
    status: pages.status,
    onRetry: () => void pages.refetch(),
    hasOlder: pages.hasNextPage,
    loadingOlder: pages.isFetchingNextPage,
    olderFailed: pages.isFetchNextPageError,
    refreshing: pages.isRefetching,
    onLoadOlder: () => void pages.fetchNextPage(),
    viewer,
    canWrite: viewer.isAdmin || membersCanMessage,
    sending: send.isPending,
    onSend: (text: string) =>
      send.mutateAsync(text).then(
        () => true,
        () => false,
      ),
    handlers,
    onReadUpTo: markRead.mutate,
    settings,
  };
}
