import { useTranslation } from 'react-i18next';
import type { PayoutReceiptReply, ProcessPayoutReply } from '#shared/schemas/groups.ts';
import { apiRequest } from '#web/lib/api.ts';
import type { PaymentMethod } from '#web/lib/group-detail.ts';
import { refreshEverything } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/** What Process Payout sends: into the recipient's wallet, or handed over outside the app. */
export type ProcessPayoutInput =
  | { cycleNumber: number; delivery: 'wallet' }
  | { cycleNumber: number; delivery: 'off_app'; method: PaymentMethod; reference?: string };

/** Admin: release the current cycle's pool to its recipient. */
export function useProcessPayout(groupId: number) {
  // Both namespaces: the wallet payout keeps its words, a handed-over one has its own.
  const { t } = useTranslation(['groupPage', 'payouts']);
  return useActionMutation({
    mutationFn: (input: ProcessPayoutInput) =>
      apiRequest<ProcessPayoutReply>('POST', '/api/groups/process-payout', {
        groupId,
        ...input,
      }),
    success: (reply, input) =>
      input.delivery === 'off_app'
        ? {
            title: t('payouts:toast.handedOver'),
            description: t('payouts:toast.handedOverBody', { cycle: reply.cycle }),
          }
        : {
            title: t('groupPage:toast.payoutProcessed'),
            description: t('groupPage:toast.payoutProcessedBody', { cycle: reply.cycle }),
          },
    failure: { title: t('groupPage:toast.payoutFailed'), fallbackKey: 'groupPage:toast.payoutFailedBody' },
    onSettled: refreshEverything,
  });
}

/** The recipient of an off-app payout says what reached them; any other amount than paid out is a dispute. */
export function useConfirmReceipt() {
  const { t } = useTranslation('payouts');
  return useActionMutation({
    mutationFn: (input: { payoutId: number; receivedAmount: string; note?: string }) =>
      apiRequest<PayoutReceiptReply>('POST', `/api/payouts/${input.payoutId}/receipt`, {
        receivedAmount: input.receivedAmount,
        note: input.note,
      }),
    success: (reply) =>
      reply.receiptStatus === 'confirmed'
        ? { title: t('payouts:toast.confirmed'), description: t('payouts:toast.confirmedBody') }
        : { title: t('payouts:toast.disputed'), description: t('payouts:toast.disputedBody') },
    failure: { title: t('payouts:toast.receiptFailed'), fallbackKey: 'payouts:toast.tryAgain' },
    onSettled: refreshEverything,
  });
}
