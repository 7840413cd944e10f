import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/components/ui/toast-store.ts';
import { pollWhileNotLive } from '#web/lib/live-status.ts';
import { refreshCirclePayments } from '#web/lib/refresh.ts';
import {
  type BankDebitStatus,
  bankDebitQueries,
  IN_FLIGHT_POLL_MS,
  isInFlight,
  settledSince,
} from './bank-debits.ts';

/**
 * Follows the circle's bank debits while any is with the bank, and when one settles refreshes the
 * page (the contribution is paid, or pending again) and tells its owner how it went: the spec's
 * "Contribution Successful", or the bank's reason for refusing.
 */
export function useBankDebitWatch(
  groupId: number,
  viewerId: number,
  options: { enabled: boolean; keepPolling: boolean },
) {
  const { t } = useTranslation('groupPage');
  const query = useQuery({
    ...bankDebitQueries.group(groupId),
    enabled: options.enabled,
    // A debit's settlement comes on the live stream; while it is down, poll while one is with the bank.
    refetchInterval: (q) =>
      options.keepPolling || q.state.data?.bankDebits.some(isInFlight)
        ? pollWhileNotLive(IN_FLIGHT_POLL_MS)
        : false,
  });
  const debits = query.data?.bankDebits;
  const seen = useRef<Map<number, BankDebitStatus> | null>(null);

  useEffect(() => {
    if (!debits) return;
    const settled = settledSince(seen.current, debits);
    seen.current = new Map(debits.map((d) => [d.id, d.status]));
    if (settled.length === 0) return;
    refreshCirclePayments(groupId);
    const own = settled.find((d) => d.userId === viewerId);
    if (!own) return;
    if (own.status === 'succeeded')
      toast({ title: t('toast.contributionSuccessful'), description: t('toast.contributionSuccessfulBody') });
    else
      toast({
        title: t('toast.bankPaymentFailed'),
        description: own.failureMessage ?? t('pay.bank.failedNoReason'),
        variant: 'destructive',
      });
  }, [debits, groupId, viewerId, t]);
}
