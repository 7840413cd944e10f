import { queryOptions } from '@tanstack/react-query';
import type { MyApplicationsReply } from '#shared/schemas/applications.ts';
import { apiRequest } from '#web/lib/api.ts';
import { groupQueries } from './queries.ts';

export type MyApplicationRow = MyApplicationsReply['applications'][number];

/** The signed-in user's requests to join; under the groups prefix, so group changes refresh them. */
export const applicationQueries = {
  mine: () =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'applications', 'mine'] as const,
      queryFn: () => apiRequest<MyApplicationsReply>('GET', '/api/applications/mine'),
    }),
};

/** The newest request for this group, whatever became of it. */
export function latestFor(rows: MyApplicationRow[] | undefined, groupId: number) {
  return rows?.find((row) => row.groupId === groupId);
}
