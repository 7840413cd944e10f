import { queryOptions } from '@tanstack/react-query';
import type { ProviderInfo } from '#shared/schemas/payments.ts';
import type { GroupVerification } from '#shared/schemas/verification.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';

export type { GroupVerification, OwnVerification, TrustExplanation } from '#shared/schemas/verification.ts';

/** While an identity check is out with the provider, its result can land at any moment. */
const IDENTITY_POLL_MS = 5_000;

export const verificationQueries = {
  all: () => ['verification'] as const,
  group: (groupId: number) =>
    queryOptions({
      queryKey: [...verificationQueries.all(), 'group', groupId] as const,
      queryFn: () => apiRequest<GroupVerification>('GET', `/api/groups/${groupId}/verification`),
      // Checks finish elsewhere (the bank page, the provider's tab): show the latest on every visit.
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.me.identity === 'pending' ? IDENTITY_POLL_MS : false),
    }),
  provider: () =>
    queryOptions({
      queryKey: ['payments', 'provider'] as const,
      queryFn: () => apiRequest<ProviderInfo>('GET', '/api/payments/provider'),
    }),
};

/** After any verification step: every verification view, and the bell (codes arrive there in the sandbox). */
export function refreshVerification() {
  void queryClient.invalidateQueries({ queryKey: verificationQueries.all() });
  void queryClient.invalidateQueries({ queryKey: ['notifications'] });
}
