import { queryOptions } from '@tanstack/react-query';
import type { PayoutReadiness } from '#shared/schemas/payments.ts';
import type { WalletView, WithdrawalView } from '#shared/schemas/withdrawals.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

// While a withdrawal waits for the processor, its status changes without any action here: poll the
// list until it settles (the spec's "no refetch" rule is for data only we change). The wallet follows
// the list (use-refresh-on-settle.ts).
const IN_FLIGHT_POLL_MS = 10_000;
// While the processor reviews someone's payout details, the answer changes on its side alone.
const UNDER_REVIEW_POLL_MS = 30_000;

export function isInFlight(withdrawal: WithdrawalView) {
  return withdrawal.status === 'requested' || withdrawal.status === 'processing';
}

export const withdrawalQueries = {
  wallet: () =>
    queryOptions({
      queryKey: queryKeys.wallet(),
      queryFn: () => apiRequest<WalletView>('GET', '/api/wallet'),
    }),
  list: () =>
    queryOptions({
      queryKey: ['withdrawals'] as const,
      queryFn: () => apiRequest<WithdrawalView[]>('GET', '/api/withdrawals'),
      refetchInterval: (query) => (query.state.data?.some(isInFlight) ? IN_FLIGHT_POLL_MS : false),
    }),
  payoutReadiness: () =>
    queryOptions({
      queryKey: ['payments', 'payout-readiness'] as const,
      queryFn: () => apiRequest<PayoutReadiness>('GET', '/api/payments/payout-readiness'),
      // Onboarding finishes on the processor's pages: ask again on every visit.
      staleTime: 0,
      refetchInterval: (query) => {
        const data = query.state.data;
        return data && !data.ready && data.reason === 'under_review' ? UNDER_REVIEW_POLL_MS : false;
      },
    }),
};

export type { WithdrawalRequestedReply as RequestWithdrawalReply } from '#shared/schemas/withdrawals.ts';
