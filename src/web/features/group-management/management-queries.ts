import { queryOptions } from '@tanstack/react-query';
import type { CircleStatement, ManagementSummary } from '#shared/schemas/management.ts';
import { apiRequest } from '#web/lib/api.ts';

/** Under the groups prefix, so every group refresh (a payment, an approval, a freeze) reloads them. */
export const managementQueries = {
  summary: (groupId: number) =>
    queryOptions({
      queryKey: ['groups', 'management-summary', groupId] as const,
      queryFn: () => apiRequest<ManagementSummary>('GET', `/api/groups/${groupId}/management-summary`),
    }),
  statement: (groupId: number) =>
    queryOptions({
      queryKey: ['groups', 'statement', groupId] as const,
      queryFn: () => apiRequest<CircleStatement>('GET', `/api/groups/${groupId}/statement`),
    }),
};

export const statementCsvUrl = (groupId: number) => `/api/groups/${groupId}/statement.csv`;
