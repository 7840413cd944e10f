import { useTranslation } from 'react-i18next';
import type { BankDebitAcceptedReply as BankDebitReply } from '#shared/schemas/bank-debits.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { useFormat } from '#web/lib/format.ts';
import { refreshCirclePayments } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/**
 * Make Contribution by bank: asks the member's bank for their current contribution. Accepted (202)
 * means on its way, not paid: the contribution shows as processing until the bank confirms.
 */
export function usePayByBank(groupId: number, contribution: { id: number; amount: string }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const attempt = useAttemptKey();
  return useActionMutation({
    mutationFn: (bankAccountId: number) =>
      apiRequest<BankDebitReply>(
        'POST',
        `/api/groups/${groupId}/contributions/bank-debit`,
        { bankAccountId },
        { headers: { 'Idempotency-Key': attempt.keyFor({ contribution: contribution.id, bankAccountId }) } },
      ),
    success: () => ({
      title: t('toast.bankPaymentStarted'),
      description: t('toast.bankPaymentStartedBody', { amount: format.money(contribution.amount) }),
    }),
    failure: { title: t('toast.bankPaymentNotStarted'), fallbackKey: 'groupPage:toast.tryAgain' },
    onSettled: (_data, error) => {
      attempt.settle(error);
      refreshCirclePayments(groupId);
    },
  });
}
