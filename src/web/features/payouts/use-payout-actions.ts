import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PayoutReceiptReply, ProcessPayoutReply } from '#shared/schemas/groups.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import type { PaymentMethod } from '#web/lib/group-detail.ts';
import { refreshEverything } from '#web/lib/refresh.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

/** What Process Payout sends: into the recipient's wallet, or handed over outside the app. */
export type ProcessPayoutInput =
  | { cycleNumber: number; delivery: 'wallet' }
  | { cycleNumber: number; delivery: 'off_app'; method: PaymentMethod; reference?: string };

/** Admin: release the current cycle's pool to its recipient. */
export function useProcessPayout(groupId: number) {
  // Both namespaces: the wallet payout keeps its words, a handed-over one has its own.
  const { t } = useTranslation(['groupPage', 'payouts']);
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: ProcessPayoutInput) =>
      apiRequest<ProcessPayoutReply>('POST', '/api/groups/process-payout', {
        groupId,
        ...input,
      }),
    onSuccess: (reply, input) =>
      toast(
        input.delivery === 'off_app'
          ? {
              title: t('payouts:toast.handedOver'),
              description: t('payouts:toast.handedOverBody', { cycle: reply.cycle }),
            }
          : {
              title: t('groupPage:toast.payoutProcessed'),
              description: t('groupPage:toast.payoutProcessedBody', { cycle: reply.cycle }),
            },
      ),
    onError: (error) =>
      toast({
        title: t('groupPage:toast.payoutFailed'),
        description: errorText(error, 'groupPage:toast.payoutFailedBody'),
        variant: 'destructive',
      }),
    onSettled: refreshEverything,
  });
}

/** The recipient of an off-app payout says what reached them; any other amount than paid out is a dispute. */
export function useConfirmReceipt() {
  const { t } = useTranslation('payouts');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: { payoutId: number; receivedAmount: string; note?: string }) =>
      apiRequest<PayoutReceiptReply>('POST', `/api/payouts/${input.payoutId}/receipt`, {
        receivedAmount: input.receivedAmount,
        note: input.note,
      }),
    onSuccess: (reply) =>
      toast(
        reply.receiptStatus === 'confirmed'
          ? { title: t('payouts:toast.confirmed'), description: t('payouts:toast.confirmedBody') }
          : { title: t('payouts:toast.disputed'), description: t('payouts:toast.disputedBody') },
      ),
    onError: (error) =>
      toast({
        title: t('payouts:toast.receiptFailed'),
        description: errorText(error, 'payouts:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: refreshEverything,
  });
}
