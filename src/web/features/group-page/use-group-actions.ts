import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import type { Contribution, PaymentMethod, ReceiptStatus } from './queries.ts';

// Every action here changes balances, lists and the dashboard: refresh everything (cheap here).
const refreshAll = () => queryClient.invalidateQueries();

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
    onSettled: refreshAll,
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
    onSettled: refreshAll,
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
    onSettled: refreshAll,
  });
}

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
      apiRequest<{ success: true; payoutId: number; cycle: number }>('POST', '/api/groups/process-payout', {
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
              title: t('toast.payoutProcessed'),
              description: t('toast.payoutProcessedBody', { cycle: reply.cycle }),
            },
      ),
    onError: (error) =>
      toast({
        title: t('toast.payoutFailed'),
        description: errorText(error, 'groupPage:toast.payoutFailedBody'),
        variant: 'destructive',
      }),
    onSettled: refreshAll,
  });
}

/** The recipient of an off-app payout says what reached them; any other amount than paid out is a dispute. */
export function useConfirmReceipt() {
  const { t } = useTranslation('payouts');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: { payoutId: number; receivedAmount: string; note?: string }) =>
      apiRequest<{ success: true; payoutId: number; receiptStatus: ReceiptStatus }>(
        'POST',
        `/api/payouts/${input.payoutId}/receipt`,
        { receivedAmount: input.receivedAmount, note: input.note },
      ),
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
    onSettled: refreshAll,
  });
}

/** Admin: pause an active circle (with a reason every member is told), or let it run again. */
export function useSetFrozen(groupId: number) {
  const { t } = useTranslation('payouts');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: { frozen: true; reason: string } | { frozen: false }) =>
      input.frozen
        ? apiRequest<{ success: true; frozen: boolean }>('POST', `/api/groups/${groupId}/freeze`, {
            reason: input.reason,
          })
        : apiRequest<{ success: true; frozen: boolean }>('POST', `/api/groups/${groupId}/unfreeze`, {}),
    onSuccess: (reply) =>
      toast(
        reply.frozen
          ? { title: t('payouts:toast.frozen'), description: t('payouts:toast.frozenBody') }
          : { title: t('payouts:toast.unfrozen'), description: t('payouts:toast.unfrozenBody') },
      ),
    onError: (error, input) =>
      toast({
        title: input.frozen ? t('payouts:toast.freezeFailed') : t('payouts:toast.unfreezeFailed'),
        description: errorText(error, 'payouts:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: refreshAll,
  });
}
