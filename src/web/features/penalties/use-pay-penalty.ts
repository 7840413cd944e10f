import { useTranslation } from 'react-i18next';
import { withdrawalQueries } from '#web/features/withdrawal/queries.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { useFormat } from '#web/lib/format.ts';
import type { Contribution } from '#web/lib/group-detail.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { refreshCirclePayments } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/** The late member pays their own penalty from the wallet into the circle's reserve. */
export function usePayPenaltyFromWallet(groupId: number) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const attempt = useAttemptKey();
  return useActionMutation({
    mutationFn: (contribution: Contribution) =>
      apiRequest<Contribution>(
        'POST',
        `/api/contributions/${contribution.id}/penalty/pay`,
        { method: 'wallet' },
        { headers: { 'Idempotency-Key': attempt.keyFor(contribution.id) } },
      ),
    success: (_, contribution) => ({
      title: t('penalties.toastPaid'),
      description: t('penalties.toastPaidBody', { amount: format.money(contribution.penalty) }),
    }),
    failure: { title: t('penalties.toastFailed'), fallbackKey: 'groupPage:toast.tryAgain' },
    onSettled: (_data, error) => {
      attempt.settle(error);
      refreshCirclePayments(groupId);
      void queryClient.invalidateQueries({ queryKey: withdrawalQueries.wallet().queryKey });
    },
  });
}
