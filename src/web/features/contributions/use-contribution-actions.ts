import { useTranslation } from 'react-i18next';
import { apiRequest } from '#web/lib/api.ts';
import type { Contribution, PaymentMethod } from '#web/lib/group-detail.ts';
import { refreshEverything } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/** "I paid": the member records an off-app payment; an admin still has to confirm it. */
export function useReportPayment(groupId: number) {
  const { t } = useTranslation('groupPage');
  return useActionMutation({
    mutationFn: (input: { method: PaymentMethod; reference?: string }) =>
      apiRequest<Contribution>('POST', `/api/groups/${groupId}/contributions`, input),
    success: () => ({ title: t('toast.paymentRecorded'), description: t('toast.paymentRecordedBody') }),
    failure: { title: t('toast.paymentFailed'), fallbackKey: 'groupPage:toast.tryAgain' },
    onSettled: refreshEverything,
  });
}

/** Admin: confirm a reported (or still pending) contribution; this posts it to the ledger. */
export function useConfirmContribution() {
  const { t } = useTranslation('groupPage');
  return useActionMutation({
    mutationFn: (contribution: Contribution) =>
      apiRequest<Contribution>('POST', `/api/contributions/${contribution.id}/confirm`),
    success: (_, contribution) => ({
      title: t('toast.paymentConfirmed'),
      description: t('toast.paymentConfirmedBody', { name: contribution.userName }),
    }),
    failure: { title: t('toast.confirmFailed'), fallbackKey: 'groupPage:toast.tryAgain' },
    onSettled: refreshEverything,
  });
}

/** Admin: record cash received in person; it is settled at once. */
export function useRecordCash(groupId: number) {
  const { t } = useTranslation('groupPage');
  return useActionMutation({
    mutationFn: (contribution: Contribution) =>
      apiRequest<Contribution>('POST', `/api/groups/${groupId}/contributions/record`, {
        userId: contribution.userId,
        method: 'cash',
      }),
    success: (_, contribution) => ({
      title: t('toast.cashRecorded'),
      description: t('toast.cashRecordedBody', { name: contribution.userName }),
    }),
    failure: { title: t('toast.recordFailed'), fallbackKey: 'groupPage:toast.tryAgain' },
    onSettled: refreshEverything,
  });
}
