import { queryOptions } from '@tanstack/react-query';
import type {
  CalendarFeedCreated,
  CalendarFeedStatus,
  DeleteAccountInput,
} from '#shared/schemas/account-data.ts';
import type { SuccessReply } from '#shared/schemas/replies.ts';
import { apiRequest, getJson } from '#web/lib/api.ts';

export const accountDataQueries = {
  calendarFeed: () =>
    queryOptions({
      queryKey: ['account-data', 'calendar-feed'] as const,
      queryFn: getJson<CalendarFeedStatus>('/api/calendar/feed'),
    }),
};

export const accountDataApi = {
  createFeed: () => apiRequest<CalendarFeedCreated>('POST', '/api/calendar/feed'),
  revokeFeed: () => apiRequest<SuccessReply>('DELETE', '/api/calendar/feed'),
  deleteAccount: (input: DeleteAccountInput) =>
    apiRequest<SuccessReply>('POST', '/api/account/delete', input),
};
