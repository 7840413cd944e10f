import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import type { DashboardData } from './types.ts';

/** `all()` is the prefix to invalidate whenever money or memberships change. */
export const dashboardQueries = {
  all: queryKeys.dashboard,
  detail: (userId: number) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), userId] as const,
      queryFn: () => apiRequest<DashboardData>('GET', `/api/user/${userId}/dashboard`),
    }),
};
