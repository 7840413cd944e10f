import { queryOptions } from '@tanstack/react-query';
import type { BankDebitListReply, BankDebitView } from '#shared/schemas/bank-debits.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/groups/:groupId/bank-debits: the viewer's own debits (an admin sees everyone's), newest first. */
export type BankDebit = BankDebitView;
export type BankDebitStatus = BankDebit['status'];

export const isInFlight = (debit: Pick<BankDebit, 'status'>) =>
  debit.status === 'requested' || debit.status === 'processing';

// While a debit waits for the bank its status changes without any action here: poll until it settles.
export const IN_FLIGHT_POLL_MS = 4_000;

export const bankDebitQueries = {
  all: queryKeys.bankDebits,
  group: (groupId: number) =>
    queryOptions({
      queryKey: [...bankDebitQueries.all(), groupId] as const,
      queryFn: () => apiRequest<BankDebitListReply>('GET', `/api/groups/${groupId}/bank-debits`),
    }),
};

/** The viewer's newest debit for one contribution, if any (the list is newest first). */
export function latestDebitFor(debits: BankDebit[] | undefined, userId: number, contributionId: number) {
  return debits?.find((d) => d.userId === userId && d.contributionId === contributionId);
}

/**
 * Debits that settled since the last look: known as in flight before, or new and already settled.
 * Nothing on the first look (`before` null): those settled long ago.
 */
export function settledSince(before: Map<number, BankDebitStatus> | null, debits: BankDebit[]): BankDebit[] {
  if (!before) return [];
  return debits.filter((d) => !isInFlight(d) && before.get(d.id) !== d.status);
}
