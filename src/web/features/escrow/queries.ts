import { queryOptions } from '@tanstack/react-query';
import type { Escrow, EscrowTransactionsReply, EscrowViewReply } from '#shared/schemas/escrow.ts';
import { apiRequest } from '#web/lib/api.ts';
import { pollWhileNotLive } from '#web/lib/live-status.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type { Dispute as EscrowDispute, Escrow, EscrowTransaction } from '#shared/schemas/escrow.ts';
export type EscrowStatus = Escrow['status'];
export type EscrowView = EscrowViewReply;
export type EscrowTransactions = EscrowTransactionsReply;

/** While a release waits for signatures or a time lock, due work may release it at any minute. */
const WAITING_POLL_MS = 30_000;

export const escrowQueries = {
  all: queryKeys.escrow,
  view: (groupId: number) =>
    queryOptions({
      queryKey: escrowQueries.all(groupId),
      queryFn: () => apiRequest<EscrowView>('GET', `/api/groups/${groupId}/escrow`),
      // Other members pay, approve and dispute elsewhere: show the latest on every visit. A release
      // comes on the live stream; while it is down, poll while one waits.
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.escrows.some((e) => e.pendingRelease) ? pollWhileNotLive(WAITING_POLL_MS) : false,
    }),
  transactions: (groupId: number, escrowId: number) =>
    queryOptions({
      queryKey: [...escrowQueries.all(groupId), 'transactions', escrowId] as const,
      queryFn: () => apiRequest<EscrowTransactions>('GET', `/api/escrow/${escrowId}/transactions`),
      staleTime: 0,
    }),
};
