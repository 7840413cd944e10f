import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SafeguardType } from '#shared/safeguards.ts';
import type { ApproveActionReply as ApproveReply } from '#shared/schemas/pending-actions.ts';
import type { SafeguardUpdateReply as UpdateReply } from '#shared/schemas/safeguards.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useCodeText } from '#web/lib/code-text.ts';
import { refreshSafety } from '#web/lib/refresh.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
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
  const errorText = useErrorText();
  const text = useSafeguardText();
  return useMutation({
    mutationFn: ({ type, change: _change, ...body }: SafeguardUpdate) =>
      apiRequest<UpdateReply>('PUT', `/api/groups/${groupId}/safeguards/${type}`, body),
    onSuccess: (reply, input) =>
      toast(
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
      ),
    onError: (error) =>
      toast({
        title: t('toast.updateFailed'),
        description: errorText(error, 'security:toast.updateFailedBody'),
        variant: 'destructive',
      }),
    onSettled: () => refreshSafety(groupId),
  });
}

/** Any member but the one who asked: approve a pending action; the last approval needed carries it out. */
export function useApproveAction(groupId: number) {
  const { t } = useTranslation('security');
  const errorText = useErrorText();
  const codeText = useCodeText();
  return useMutation({
    mutationFn: (input: { actionId: number; requiredApprovals: number }) =>
      apiRequest<ApproveReply>('POST', `/api/groups/${groupId}/actions/${input.actionId}/approve`, {}),
    onSuccess: (reply, input) =>
      toast({
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
    onError: (error) =>
      toast({
        title: t('toast.approveFailed'),
        description: errorText(error, 'security:toast.approveFailedBody'),
        variant: 'destructive',
      }),
    onSettled: () => refreshSafety(groupId),
  });
}
