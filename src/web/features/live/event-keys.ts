import type { Query } from '@tanstack/react-query';
import type { LiveEvent } from '#shared/schemas/live.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** What to invalidate for one live event: query keys (prefixes) and, for a group, a predicate. */
export type Invalidation = { keys: (readonly unknown[])[]; predicate?: (query: Query) => boolean };

// A group's chat refetches on its own events only: a contribution need not reload the messages.
const CHAT_SECTIONS = new Set(['messages', 'announcements']);

/** The queries a live event makes stale (the stream says what changed; the screens refetch it). */
export function invalidationFor(event: LiveEvent): Invalidation {
  if (event.scope === 'user') {
    if (event.topic === 'notifications') return { keys: [queryKeys.notifications()] };
    // A read on another screen: only the badges (it comes with every message a reader sees arrive).
    if (event.topic === 'unread') return { keys: [queryKeys.chatUnread()] };
    return { keys: [queryKeys.groups(), queryKeys.dashboard(), queryKeys.chatUnread()] };
  }
  const { groupId } = event;
  if (event.topic === 'messages') return { keys: [queryKeys.messages(groupId), queryKeys.chatUnread()] };
  if (event.topic === 'announcements') return { keys: [queryKeys.announcements(groupId)] };
  return {
    keys: [
      queryKeys.groupList(),
      queryKeys.dashboard(),
      queryKeys.wallet(),
      queryKeys.autopay(),
      queryKeys.paymentMonitoring(),
      queryKeys.bankDebits(),
    ],
    // Every tab of this group: ['groups', <section>, groupId, ...].
    predicate: ({ queryKey }) =>
      queryKey[0] === 'groups' && queryKey[2] === groupId && !CHAT_SECTIONS.has(String(queryKey[1])),
  };
}
