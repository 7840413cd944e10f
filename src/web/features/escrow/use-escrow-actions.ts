import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  DisputeOpenedReply,
  DisputeResolvedReply,
  EscrowReleaseReply as ReleaseReply,
} from '#shared/schemas/escrow.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useFormat } from '#web/lib/format.ts';
import { refreshSafety } from '#web/lib/refresh.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import type { Escrow } from './queries.ts';

/**
 * Admin: Release Funds. 200 pays the pool into the recipient's wallet; 202 means the multi-signature
 * safeguard turned it into a request the other members approve first, which the toast says.
 */
export function useReleaseEscrow(groupId: number) {
  const { t } = useTranslation('escrow');
  const errorText = useErrorText();
  const { own } = useFormat();
  return useMutation({
    mutationFn: (escrow: Escrow) =>
      apiRequest<ReleaseReply>('POST', '/api/escrow/release', { escrowId: escrow.id }),
    onSuccess: (reply, escrow) =>
      toast(
        'pendingActionId' in reply
          ? {
              title: t('toast.approvalRequested'),
              description: t('toast.approvalRequestedBody', { cycle: escrow.cycleNumber }),
            }
          : {
              title: t('toast.released'),
              description: t('toast.releasedBody', {
                cycle: escrow.cycleNumber,
                name: own(escrow.recipientName),
              }),
            },
      ),
    onError: (error) =>
      toast({
        title: t('toast.releaseFailed'),
        description: errorText(error, 'escrow:toast.releaseFailedBody'),
        variant: 'destructive',
      }),
    onSettled: () => refreshSafety(groupId),
  });
}

/** Any member: object to releasing a cycle's escrow, with a reason; it stays held until resolved. */
export function useOpenDispute(groupId: number) {
  const { t } = useTranslation('escrow');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: { escrow: Escrow; reason: string }) =>
      apiRequest<DisputeOpenedReply>('POST', `/api/escrow/${input.escrow.id}/disputes`, {
        reason: input.reason,
      }),
    onSuccess: (_, input) =>
      toast({
        title: t('toast.disputeOpened'),
        description: t('toast.disputeOpenedBody', { cycle: input.escrow.cycleNumber }),
      }),
    onError: (error) =>
      toast({
        title: t('toast.disputeFailed'),
        description: errorText(error, 'escrow:toast.disputeFailedBody'),
        variant: 'destructive',
      }),
    onSettled: () => refreshSafety(groupId),
  });
}

/** The member who opened a dispute, or an admin, closes it with what was decided. */
export function useResolveDispute(groupId: number) {
  const { t } = useTranslation('escrow');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: { disputeId: number; resolution: string }) =>
      apiRequest<DisputeResolvedReply>('POST', `/api/escrow/disputes/${input.disputeId}/resolve`, {
        resolution: input.resolution,
      }),
    onSuccess: () =>
      toast({ title: t('toast.disputeResolved'), description: t('toast.disputeResolvedBody') }),
    onError: (error) =>
      toast({
        title: t('toast.resolveFailed'),
        description: errorText(error, 'escrow:toast.resolveFailedBody'),
        variant: 'destructive',
      }),
    onSettled: () => refreshSafety(groupId),
  });
}
