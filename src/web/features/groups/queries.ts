import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import type { GroupSummary, InviteLookup } from './types.ts';

/** Invite codes are looked up only from this many characters (the spec). */
export const INVITE_LOOKUP_MIN_LENGTH = 6;

const get =
  <T>(url: string) =>
  () =>
    apiRequest<T>('GET', url);

/** Query keys and fetchers of the group screens; `all()` is the prefix to invalidate after changes. */
export const groupQueries = {
  all: queryKeys.groups,
  list: () =>
    queryOptions({
      queryKey: queryKeys.groupList(),
      queryFn: get<GroupSummary[]>('/api/user/groups'),
    }),
  invite: (code: string) =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'invite', code] as const,
      queryFn: get<InviteLookup>(`/api/groups/invite/${encodeURIComponent(code)}`),
      enabled: code.length >= INVITE_LOOKUP_MIN_LENGTH,
    }),
};
