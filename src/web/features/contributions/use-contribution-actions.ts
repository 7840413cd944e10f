import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import type { Contribution, PaymentMethod } from '#web/lib/group-detail.ts';
import { refreshEverything } from '#web/lib/refresh.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

/** "I paid": the member records an off-app payment; an admin still has to confirm it. */
export function useReportPayment(groupId: number) {
  const { t } = useTranslation('groupPage');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: { method: PaymentMethod; reference?: string }) =>
      apiRequest<Contribution>('POST', `/api/groups/${groupId}/contributions`, input),
    onSuccess: () =>
      toast({ title: t('toast.paymentRecorded'), description: t('toast.paymentRecordedBody') }),
    onError: (error) =>
      toast({
        title: t('toast.paymentFailed'),
        description: errorText(error, 'groupPage:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: refreshEverything,
  });
}

/** Admin: confirm a reported (or still pending) contribution; this posts it to the ledger. */
export function useConfirmContribution() {
  const { t } = useTranslation('groupPage');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (contribution: Contribution) =>
      apiRequest<Contribution>('POST', `/api/contributions/${contribution.id}/confirm`),
    onSuccess: (_, contribution) =>
      toast({
        title: t('toast.paymentConfirmed'),
        description: t('toast.paymentConfirmedBody', { name: contribution.userName }),
      }),
    onError: (error) =>
      toast({
        title: t('toast.confirmFailed'),
        description: errorText(error, 'groupPage:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: refreshEverything,
  });
}

/** Admin: record cash received in person; it is settled at once. */
export function useRecordCash(groupId: number) {
  const { t } = useTranslation('groupPage');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (contribution: Contribution) =>
      apiRequest<Contribution>('POST', `/api/groups/${groupId}/contributions/record`, {
        userId: contribution.userId,
        method: 'cash',
      }),
    onSuccess: (_, contribution) =>
      toast({
        title: t('toast.cashRecorded'),
        description: t('toast.cashRecordedBody', { name: contribution.userName }),
      }),
    onError: (error) =>
      toast({
        title: t('toast.recordFailed'),
        description: errorText(error, 'groupPage:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: refreshEverything,
  });
}
