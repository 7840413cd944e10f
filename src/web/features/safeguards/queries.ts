import { queryOptions } from '@tanstack/react-query';
import type { PendingActionsReply } from '#shared/schemas/pending-actions.ts';
import type { SafeguardsReply, SafeguardView } from '#shared/schemas/safeguards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { pollWhileNotLive } from '#web/lib/live-status.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type SafeguardRule = SafeguardView;
export type SafeguardsView = SafeguardsReply;
export type { PendingAction } from '#shared/schemas/pending-actions.ts';
export type PendingActionType = PendingActionsReply['pendingActions'][number]['type'];

const WAITING_POLL_MS = 30_000;

export const securityQueries = {
  safeguards: (groupId: number) =>
    queryOptions({
      queryKey: queryKeys.safeguards(groupId),
      queryFn: () => apiRequest<SafeguardsView>('GET', `/api/groups/${groupId}/safeguards`),
      staleTime: 0,
    }),
  actions: (groupId: number) =>
    queryOptions({
      queryKey: queryKeys.pendingActions(groupId),
      queryFn: () => apiRequest<PendingActionsReply>('GET', `/api/groups/${groupId}/actions`),
      // Approvals come from other members' browsers, and an approved action may run later on its own:
      // the live stream tells of both; while it is down, poll while anything waits.
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.pendingActions.some((a) => a.status === 'pending' || a.waiting)
          ? pollWhileNotLive(WAITING_POLL_MS)
          : false,
    }),
};
