import { useQuery } from '@tanstack/react-query';
import { chatQueries } from './queries.ts';

/** Unread chat messages in one circle of the reader (0 while unknown). */
export function useUnreadCount(groupId: number): number {
  const unread = useQuery(chatQueries.unread());
  return unread.data?.find((u) => u.groupId === groupId)?.unread ?? 0;
}
