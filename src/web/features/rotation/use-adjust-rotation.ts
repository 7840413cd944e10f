import { useTranslation } from 'react-i18next';
import type { PendingActionReply, SuccessReply } from '#shared/schemas/replies.ts';
import { apiRequest } from '#web/lib/api.ts';
import { refreshGroup } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/** Admin: the user ids, in the order they should receive the cycles not yet paid out. */
export function useAdjustRotation(groupId: number) {
  const { t } = useTranslation('groupPage');
  return useActionMutation({
    mutationFn: (newOrder: number[]) =>
      apiRequest<SuccessReply | PendingActionReply>('POST', '/api/groups/adjust-rotation', {
        groupId,
        newOrder,
      }),
    success: () => ({ title: t('rotationEditor.saved'), description: t('rotationEditor.savedBody') }),
    onSuccess: () => refreshGroup(groupId),
    failure: { title: t('rotationEditor.failed'), fallbackKey: 'groupPage:rotationEditor.failedBody' },
    // A cycle may have been paid out meanwhile: show the admin the order as it is now.
    onError: () => refreshGroup(groupId),
  });
}
