import { queryOptions } from '@tanstack/react-query';
import { getJson } from '#web/lib/api.ts';

export type AppNotification = {
  id: number;
  type: string;
  groupId: number | null;
  data: Record<string, string | number>;
  read: boolean;
  createdAt: string;
};

export const notificationQueries = {
  inbox: () =>
    queryOptions({
      queryKey: ['notifications'] as const,
      queryFn: getJson<{ unreadCount: number; notifications: AppNotification[] }>('/api/notifications'),
      // Reminders arrive from the server's own schedule: check once a minute.
      refetchInterval: 60_000,
    }),
};
