import { useTranslation } from 'react-i18next';
import type {
  DisputeOpenedReply,
  DisputeResolvedReply,
  EscrowReleaseReply as ReleaseReply,
} from '#shared/schemas/escrow.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useFormat } from '#web/lib/format.ts';
import { refreshSafety } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import type { Escrow } from './queries.ts';

/**
 * Admin: Release Funds. 200 pays the pool into the recipient's wallet; 202 means the multi-signature
 * safeguard turned it into a request the other members approve first, which the toast says.
 */
export function useReleaseEscrow(groupId: number) {
  const { t } = useTranslation('escrow');
  const { own } = useFormat();
  return useActionMutation({
    mutationFn: (escrow: Escrow) =>
      apiRequest<ReleaseReply>('POST', '/api/escrow/release', { escrowId: escrow.id }),
    success: (reply, escrow) =>
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
    failure: { title: t('toast.releaseFailed'), fallbackKey: 'escrow:toast.releaseFailedBody' },
    onSettled: () => refreshSafety(groupId),
  });
}

/** Any member: object to releasing a cycle's escrow, with a reason; it stays held until resolved. */
export function useOpenDispute(groupId: number) {
  const { t } = useTranslation('escrow');
  return useActionMutation({
    mutationFn: (input: { escrow: Escrow; reason: string }) =>
      apiRequest<DisputeOpenedReply>('POST', `/api/escrow/${input.escrow.id}/disputes`, {
        reason: input.reason,
      }),
    success: (_, input) => ({
      title: t('toast.disputeOpened'),
      description: t('toast.disputeOpenedBody', { cycle: input.escrow.cycleNumber }),
    }),
    failure: { title: t('toast.disputeFailed'), fallbackKey: 'escrow:toast.disputeFailedBody' },
    onSettled: () => refreshSafety(groupId),
  });
}

/** The member who opened a dispute, or an admin, closes it with what was decided. */
export function useResolveDispute(groupId: number) {
  const { t } = useTranslation('escrow');
  return useActionMutation({
    mutationFn: (input: { disputeId: number; resolution: string }) =>
      apiRequest<DisputeResolvedReply>('POST', `/api/escrow/disputes/${input.disputeId}/resolve`, {
        resolution: input.resolution,
      }),
    success: () => ({ title: t('toast.disputeResolved'), description: t('toast.disputeResolvedBody') }),
    failure: { title: t('toast.resolveFailed'), fallbackKey: 'escrow:toast.resolveFailedBody' },
    onSettled: () => refreshSafety(groupId),
  });
}
