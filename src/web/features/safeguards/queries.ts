import { queryOptions } from '@tanstack/react-query';
import type { ErrorCode } from '#shared/errors.ts';
import type { SafeguardType } from '#shared/safeguards.ts';
import type { ProviderInfo } from '#shared/schemas/payments.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type SafeguardRule = {
  id: SafeguardType;
  type: SafeguardType;
  /** English, for API clients; the tab words the rule from its type. */
  name: string;
  description: string;
  enabled: boolean;
  configuration: Record<string, number>;
  lastModified: string | null;
  modifiedBy: string | null;
};

export type SafeguardsView = {
  safeguards: SafeguardRule[];
  custody: ProviderInfo;
  viewer: { isAdmin: boolean; groupStatus: 'recruiting' | 'active' | 'completed'; memberCount: number };
};

export type PendingActionType = 'release_escrow' | 'adjust_rotation' | 'update_safeguard';

export type PendingAction = {
  id: number;
  type: PendingActionType;
  description: string;
  details: { cycle: number | null; ruleId: SafeguardType | null; enabled: boolean | null };
  /** null: the circle asked by itself (the automatic release on the payout date). */
  requestedBy: string | null;
  requestedById: number | null;
  amount: string | null;
  requiredApprovals: number;
  currentApprovals: number;
  approvers: string[];
  /** Hours left to approve; 0 once it is no longer waiting for approvals. */
  timeRemaining: number;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  waiting: boolean;
  blockedBy: ErrorCode | null;
  createdAt: string;
  expiresAt: string;
  executedAt: string | null;
  canApprove: boolean;
};

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
      queryFn: () => apiRequest<{ pendingActions: PendingAction[] }>('GET', `/api/groups/${groupId}/actions`),
      // Approvals come from other members' browsers, and an approved action may run later on its own.
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.pendingActions.some((a) => a.status === 'pending' || a.waiting)
          ? WAITING_POLL_MS
          : false,
    }),
};
