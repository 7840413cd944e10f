import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { MESSAGE_PAGE_SIZE } from '#shared/chat-limits.ts';
import type { ChatMessage, CommunicationSettings, UnreadCounts } from '#shared/schemas/chat.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type { ChatMessage, CommunicationSettings } from '#shared/schemas/chat.ts';

const messagesUrl = (groupId: number, params: Record<string, string | number>) =>
  `/api/groups/${groupId}/messages?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** The page after `last`: the one before its oldest message, unless it came back short (the end). */
export function olderPageParam(last: ChatMessage[]): number | undefined {
  return last.length < MESSAGE_PAGE_SIZE ? undefined : last[last.length - 1]?.id;
}

/** Every loaded page (each newest first) as one list oldest first, each message once. */
export function oldestFirst(pages: ChatMessage[][]): ChatMessage[] {
  const seen = new Set<number>();
  const out: ChatMessage[] = [];
  for (const page of pages)
    for (const message of page) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  return out.sort((a, b) => a.id - b.id);
}

export const chatQueries = {
  /** Newest page first; older pages on demand by `before` = the oldest id held. */
  messages: (groupId: number) =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.messages(groupId), 'pages'] as const,
      queryFn: ({ pageParam }) =>
        apiRequest<ChatMessage[]>(
          'GET',
          messagesUrl(groupId, {
            limit: MESSAGE_PAGE_SIZE,
            ...(pageParam === null ? {} : { before: pageParam }),
          }),
        ),
      initialPageParam: null as number | null,
      getNextPageParam: olderPageParam,
      staleTime: 0,
    }),
  pinned: (groupId: number) =>
    queryOptions({
      queryKey: [...queryKeys.messages(groupId), 'pinned'] as const,
      queryFn: () => apiRequest<ChatMessage[]>('GET', messagesUrl(groupId, { pinned: 'true' })),
      staleTime: 0,
    }),
  settings: (groupId: number) =>
    queryOptions({
      queryKey: queryKeys.communicationSettings(groupId),
      queryFn: () =>
        apiRequest<CommunicationSettings>('GET', `/api/groups/${groupId}/communication-settings`),
      staleTime: 0,
    }),
  unread: () =>
    queryOptions({
      queryKey: queryKeys.chatUnread(),
      queryFn: () => apiRequest<UnreadCounts>('GET', '/api/chat/unread'),
      staleTime: 0,
    }),
};
