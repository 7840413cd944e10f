import { queryOptions } from '@tanstack/react-query';
import type {
  AnalyticsReply,
  ContributionStatus,
  ContributionsReply,
  ReportSchedulesReply,
} from '#shared/schemas/analytics.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type ContributionFilters = { search: string; status: 'all' | ContributionStatus; page: number };
export const CONTRIBUTIONS_PAGE_SIZE = 20;

/**
 * Under the dashboard's key: whatever refreshes the dashboard (a payment, a payout, the goal
 * dialog) refreshes these figures too.
 */
export const analyticsQueries = {
  all: () => [...queryKeys.dashboard(), 'analytics'] as const,
  figures: () =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'figures'] as const,
      queryFn: () => apiRequest<AnalyticsReply>('GET', '/api/user/analytics'),
    }),
  contributions: (userId: number, filters: ContributionFilters) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'contributions', userId, filters] as const,
      queryFn: () => {
        const params = new URLSearchParams({
          status: filters.status,
          page: String(filters.page),
          pageSize: String(CONTRIBUTIONS_PAGE_SIZE),
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
        });
        return apiRequest<ContributionsReply>('GET', `/api/user/${userId}/contributions?${params}`);
      },
    }),
  schedules: () =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'schedules'] as const,
      queryFn: () => apiRequest<ReportSchedulesReply>('GET', '/api/user/report-schedules'),
    }),
};
