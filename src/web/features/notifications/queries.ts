import { queryOptions } from '@tanstack/react-query';
import type { NotificationsReply } from '#shared/schemas/notifications.ts';
import { getJson } from '#web/lib/api.ts';
import { pollWhileNotLive } from '#web/lib/live-status.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type { NotificationView as AppNotification } from '#shared/schemas/notifications.ts';

export const notificationQueries = {
  inbox: () =>
    queryOptions({
      queryKey: queryKeys.notifications(),
      queryFn: getJson<NotificationsReply>('/api/notifications'),
      // New ones arrive on the live stream; while it is down, check once a minute.
      refetchInterval: () => pollWhileNotLive(60_000),
    }),
};
