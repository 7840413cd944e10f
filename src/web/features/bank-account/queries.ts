import { queryOptions } from '@tanstack/react-query';
import type { BankAccountList, BankLinkSessionStatus } from '#shared/schemas/payments.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';

export const bankAccountQueries = {
  list: () =>
    queryOptions({
      queryKey: ['bank-accounts'] as const,
      queryFn: () => apiRequest<BankAccountList>('GET', '/api/user-bank-accounts'),
    }),
  linkSession: (sessionId: string) =>
    queryOptions({
      queryKey: ['bank-link-session', sessionId] as const,
      queryFn: () =>
        apiRequest<BankLinkSessionStatus>('GET', `/api/bank-link-sessions/${encodeURIComponent(sessionId)}`),
      enabled: sessionId.length > 0,
    }),
};

/** After any change: the list, and the signed-in user (it carries bankAccountLast4 and Verified). */
export function refreshBankAccounts() {
  void queryClient.invalidateQueries({ queryKey: bankAccountQueries.list().queryKey });
  void queryClient.invalidateQueries({ queryKey: ['user'], exact: true });
  void queryClient.invalidateQueries({ queryKey: ['notifications'] });
}
