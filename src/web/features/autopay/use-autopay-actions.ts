import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AutopayChangeReply as AutopayReply, CollectionSettingsReply } from '#shared/schemas/autopay.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useFormat } from '#web/lib/format.ts';
import { refreshCirclePayments } from '#web/lib/refresh.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

/** Turns on the viewer's own auto-pay in this circle, from the verified account they chose. */
export function useSetupAutopay(groupId: number, userId: number, contributionAmount: string) {
  const { t } = useTranslation('autopay');
  const format = useFormat();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (paymentMethodId: number) =>
      apiRequest<AutopayReply>('POST', `/api/groups/${groupId}/members/${userId}/setup-auto-payments`, {
        paymentMethodId,
      }),
    onSuccess: () =>
      toast({
        title: t('toast.enabled'),
        description: t('toast.enabledBody', { amount: format.money(contributionAmount) }),
      }),
    onError: (error) =>
      toast({
        title: t('toast.setupFailed'),
        description: errorText(error, 'autopay:toast.setupFailedBody'),
        variant: 'destructive',
      }),
    onSettled: () => refreshCirclePayments(groupId),
  });
}

/** Turns the viewer's own auto-pay off: their next contributions are paid by hand. */
export function useCancelAutopay(groupId: number, userId: number) {
  const { t } = useTranslation('autopay');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: () =>
      apiRequest<AutopayReply>('POST', `/api/groups/${groupId}/members/${userId}/cancel-auto-payments`, {}),
    onSuccess: () => toast({ title: t('toast.canceled'), description: t('toast.canceledBody') }),
    onError: (error) =>
      toast({
        title: t('toast.cancelFailed'),
        description: errorText(error, 'autopay:toast.cancelFailedBody'),
        variant: 'destructive',
      }),
    onSettled: () => refreshCirclePayments(groupId),
  });
}

/** Admin: how many times a failed automatic payment is tried again. */
export function useSaveCollectionSettings(groupId: number) {
  const { t } = useTranslation('autopay');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (retryAttempts: 1 | 3 | 5) =>
      apiRequest<CollectionSettingsReply>('PUT', `/api/groups/${groupId}/collection-settings`, {
        retryAttempts,
      }),
    onSuccess: (reply) =>
      toast({
        title: t('toast.settingsSaved'),
        description: t('toast.settingsSavedBody', { count: reply.retryAttempts }),
      }),
    onError: (error) =>
      toast({
        title: t('toast.settingsFailed'),
        description: errorText(error, 'autopay:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: () => refreshCirclePayments(groupId),
  });
}
