import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PendingActionReply, SuccessReply } from '#shared/schemas/replies.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { refreshGroup } from '#web/lib/refresh.ts';
import { useRefusalText } from '#web/lib/use-error-text.ts';

/** Admin: the user ids, in the order they should receive the cycles not yet paid out. */
export function useAdjustRotation(groupId: number) {
  const { t } = useTranslation('groupPage');
  const failureText = useRefusalText();
  return useMutation({
    mutationFn: (newOrder: number[]) =>
      apiRequest<SuccessReply | PendingActionReply>('POST', '/api/groups/adjust-rotation', {
        groupId,
        newOrder,
      }),
    onSuccess: async () => {
      toast({ title: t('rotationEditor.saved'), description: t('rotationEditor.savedBody') });
      await refreshGroup(groupId);
    },
    onError: (error) => {
      toast({
        title: t('rotationEditor.failed'),
        description: failureText(error, 'groupPage:rotationEditor.failedBody'),
        variant: 'destructive',
      });
      // A cycle may have been paid out meanwhile: show the admin the order as it is now.
      void refreshGroup(groupId);
    },
  });
}
