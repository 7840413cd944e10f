import { queryOptions } from '@tanstack/react-query';
import type { ErrorCode } from '#shared/errors.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type EscrowStatus = 'collecting' | 'ready_for_release' | 'released' | 'disputed';

export type EscrowDispute = {
  id: number;
  status: 'open' | 'resolved';
  reason: string;
  resolution: string | null;
  openedBy: string;
  openedById: number;
  createdAt: string;
  resolvedAt: string | null;
  canResolve: boolean;
};

/** One cycle's pool, as GET /api/groups/:groupId/escrow returns it (id = the escrowId). */
export type Escrow = {
  id: number;
  cycleNumber: number;
  status: EscrowStatus;
  totalTarget: string;
  currentBalance: string;
  recipientId: number | null;
  recipientName: string;
  /** The day it was paid out, else the scheduled payout day ('YYYY-MM-DD'). */
  releaseDate: string;
  released: { amount: string; fee: string; at: string | null } | null;
  conditions: {
    /** Percent of the members who must have paid. */
    minimumContributions: number;
    requiredApprovals: number;
    currentApprovals: number;
    autoReleaseEnabled: boolean;
  };
  contributors: number;
  memberCount: number;
  transactionCount: number;
  unlocksAt: string | null;
  pendingRelease: { actionId: number; status: string; blockedBy: ErrorCode | null } | null;
  canRelease: boolean;
  releaseBlockedBy: ErrorCode | null;
  disputes: EscrowDispute[];
};

export type EscrowView = {
  escrows: Escrow[];
  safeguards: { multiSignature: number | null; timeLockHours: number | null; thirdPartyCustody: boolean };
  viewer: { userId: number; isAdmin: boolean };
  frozen: boolean;
};

export type EscrowTransaction = {
  id: string;
  type: 'deposit' | 'withdrawal' | 'fee';
  amount: string;
  counterparty: string | null;
  counterpartyKind: 'member' | 'reserve' | 'platform';
  timestamp: string;
  status: 'completed' | 'pending';
  transactionId: string;
};

export type EscrowTransactions = { escrowId: number; cycleNumber: number; transactions: EscrowTransaction[] };

/** While a release waits for signatures or a time lock, due work may release it at any minute. */
const WAITING_POLL_MS = 30_000;

export const escrowQueries = {
  all: queryKeys.escrow,
  view: (groupId: number) =>
    queryOptions({
      queryKey: escrowQueries.all(groupId),
      queryFn: () => apiRequest<EscrowView>('GET', `/api/groups/${groupId}/escrow`),
      // Other members pay, approve and dispute elsewhere: show the latest on every visit.
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.escrows.some((e) => e.pendingRelease) ? WAITING_POLL_MS : false,
    }),
  transactions: (groupId: number, escrowId: number) =>
    queryOptions({
      queryKey: [...escrowQueries.all(groupId), 'transactions', escrowId] as const,
      queryFn: () => apiRequest<EscrowTransactions>('GET', `/api/escrow/${escrowId}/transactions`),
      staleTime: 0,
    }),
};
