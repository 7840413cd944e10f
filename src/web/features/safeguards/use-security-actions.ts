import { useTranslation } from 'react-i18next';
import type { SafeguardType } from '#shared/safeguards.ts';
import type { ApproveActionReply as ApproveReply } from '#shared/schemas/pending-actions.ts';
import type { SafeguardUpdateReply as UpdateReply } from '#shared/schemas/safeguards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useCodeText } from '#web/lib/code-text.ts';
import { refreshSafety } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useSafeguardText } from './safeguard-text.ts';

export type SafeguardUpdate = {
  type: SafeguardType;
  enabled: boolean;
  configuration?: Record<string, number>;
  /** What the admin meant, for the toast: switch it on or off, or change the settings of a rule that is on. */
  change: 'on' | 'off' | 'settings';
};

/**
 * Admin: switch a safeguard on or off, or change its settings. 200 applies it; 202 means member vote
 * is on and the change eases a protection, so it waits for the members, which the toast says.
 */
export function useUpdateSafeguard(groupId: number) {
  const { t } = useTranslation('security');
  const text = useSafeguardText();
  return useActionMutation({
    mutationFn: ({ type, change: _change, ...body }: SafeguardUpdate) =>
      apiRequest<UpdateReply>('PUT', `/api/groups/${groupId}/safeguards/${type}`, body),
    success: (reply, input) =>
      'pendingActionId' in reply
        ? {
            title: t('toast.voteNeeded'),
            description: t('toast.voteNeededBody', { name: text.name(input.type) }),
          }
        : {
            title: t('toast.updated'),
            description: {
              on: t('toast.updatedOn', { name: text.name(input.type) }),
              off: t('toast.updatedOff', { name: text.name(input.type) }),
              settings: t('toast.settingsSaved', { name: text.name(input.type) }),
            }[input.change],
          },
    failure: { title: t('toast.updateFailed'), fallbackKey: 'security:toast.updateFailedBody' },
    onSettled: () => refreshSafety(groupId),
  });
}

/** Any member but the one who asked: approve a pending action; the last approval needed carries it out. */
export function useApproveAction(groupId: number) {
  const { t } = useTranslation('security');
  const codeText = useCodeText();
  return useActionMutation({
    mutationFn: (input: { actionId: number; requiredApprovals: number }) =>
      apiRequest<ApproveReply>('POST', `/api/groups/${groupId}/actions/${input.actionId}/approve`, {}),
    success: (reply, input) => ({
      title: t('toast.approved'),
      description:
        reply.status === 'pending'
          ? t('toast.approvedCounting', {
              current: reply.currentApprovals,
              required: input.requiredApprovals,
            })
          : reply.blockedBy
            ? t('toast.approvedHeld', { reason: codeText(reply.blockedBy) })
            : t('toast.approvedDone'),
    }),
    failure: { title: t('toast.approveFailed'), fallbackKey: 'security:toast.approveFailedBody' },
    onSettled: () => refreshSafety(groupId),
  });
}
