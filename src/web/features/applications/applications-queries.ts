import { queryOptions } from '@tanstack/react-query';
import type { ApplicationsReply } from '#shared/schemas/applications.ts';
import { apiRequest } from '#web/lib/api.ts';

/** Admin: requests waiting for a decision. Under the groups prefix, so every group refresh reloads them. */
export const applicationsQueries = {
  pending: (groupId: number) =>
    queryOptions({
      queryKey: ['groups', 'applications', groupId] as const,
      queryFn: () => apiRequest<ApplicationsReply>('GET', `/api/groups/${groupId}/applications`),
    }),
};
