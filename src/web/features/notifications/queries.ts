import { queryOptions } from '@tanstack/react-query';
import type { NotificationsReply } from '#shared/schemas/notifications.ts';
import { getJson } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type { NotificationView as AppNotification } from '#shared/schemas/notifications.ts';

export const notificationQueries = {
  inbox: () =>
    queryOptions({
      queryKey: queryKeys.notifications(),
      queryFn: getJson<NotificationsReply>('/api/notifications'),
      // Reminders arrive from the server's own schedule: check once a minute.
      refetchInterval: 60_000,
    }),
};
