import { useTranslation } from 'react-i18next';
import type { AutopayChangeReply as AutopayReply, CollectionSettingsReply } from '#shared/schemas/autopay.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useFormat } from '#web/lib/format.ts';
import { refreshCirclePayments } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/** Turns on the viewer's own auto-pay in this circle, from the verified account they chose. */
export function useSetupAutopay(groupId: number, userId: number, contributionAmount: string) {
  const { t } = useTranslation('autopay');
  const format = useFormat();
  return useActionMutation({
    mutationFn: (paymentMethodId: number) =>
      apiRequest<AutopayReply>('POST', `/api/groups/${groupId}/members/${userId}/setup-auto-payments`, {
        paymentMethodId,
      }),
    success: () => ({
      title: t('toast.enabled'),
      description: t('toast.enabledBody', { amount: format.money(contributionAmount) }),
    }),
    failure: { title: t('toast.setupFailed'), fallbackKey: 'autopay:toast.setupFailedBody' },
    onSettled: () => refreshCirclePayments(groupId),
  });
}

/** Turns the viewer's own auto-pay off: their next contributions are paid by hand. */
export function useCancelAutopay(groupId: number, userId: number) {
  const { t } = useTranslation('autopay');
  return useActionMutation({
    mutationFn: () =>
      apiRequest<AutopayReply>('POST', `/api/groups/${groupId}/members/${userId}/cancel-auto-payments`, {}),
    success: () => ({ title: t('toast.canceled'), description: t('toast.canceledBody') }),
    failure: { title: t('toast.cancelFailed'), fallbackKey: 'autopay:toast.cancelFailedBody' },
    onSettled: () => refreshCirclePayments(groupId),
  });
}

/** Admin: how many times a failed automatic payment is tried again. */
export function useSaveCollectionSettings(groupId: number) {
  const { t } = useTranslation('autopay');
  return useActionMutation({
    mutationFn: (retryAttempts: 1 | 3 | 5) =>
      apiRequest<CollectionSettingsReply>('PUT', `/api/groups/${groupId}/collection-settings`, {
        retryAttempts,
      }),
    success: (reply) => ({
      title: t('toast.settingsSaved'),
      description: t('toast.settingsSavedBody', { count: reply.retryAttempts }),
    }),
    failure: { title: t('toast.settingsFailed'), fallbackKey: 'autopay:toast.tryAgain' },
    onSettled: () => refreshCirclePayments(groupId),
  });
}
