import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BankDebitAcceptedReply as BankDebitReply } from '#shared/schemas/bank-debits.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { useFormat } from '#web/lib/format.ts';
import { refreshCirclePayments } from '#web/lib/refresh.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

/**
 * Make Contribution by bank: asks the member's bank for their current contribution. Accepted (202)
 * means on its way, not paid: the contribution shows as processing until the bank confirms.
 */
export function usePayByBank(groupId: number, contribution: { id: number; amount: string }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (bankAccountId: number) =>
      apiRequest<BankDebitReply>(
        'POST',
        `/api/groups/${groupId}/contributions/bank-debit`,
        { bankAccountId },
        { headers: { 'Idempotency-Key': attempt.keyFor({ contribution: contribution.id, bankAccountId }) } },
      ),
    onSuccess: () =>
      toast({
        title: t('toast.bankPaymentStarted'),
        description: t('toast.bankPaymentStartedBody', { amount: format.money(contribution.amount) }),
      }),
    onError: (error) =>
      toast({
        title: t('toast.bankPaymentNotStarted'),
        description: errorText(error, 'groupPage:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: (_data, error) => {
      attempt.settle(error);
      refreshCirclePayments(groupId);
    },
  });
}
