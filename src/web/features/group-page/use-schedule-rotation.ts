import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScheduleUpdate } from '#shared/schemas/groups.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { dashboardQueries } from '#web/features/dashboard/queries.ts';
import { groupQueries } from '#web/features/groups/queries.ts';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { groupPageQueries } from './queries.ts';

/** Waits for the group page to refetch (so an editor closes onto the new dates); lists refresh behind it. */
async function refreshGroup(groupId: number) {
  void queryClient.invalidateQueries({ queryKey: [...groupQueries.all(), 'list'] });
  void queryClient.invalidateQueries({ queryKey: dashboardQueries.all() });
  await queryClient.invalidateQueries({ queryKey: groupPageQueries.detail(groupId).queryKey });
}

/**
 * The failure toast's body: the server's reason in the reader's language, or the spec's body when the
 * server only says "Invalid input" (a custom refusal such as a stale rotation has no translated key).
 */
function useFailureText() {
  const errorText = useErrorText();
  return (error: unknown, fallbackKey: string) => {
    const untranslatable =
      error instanceof ApiError && error.code === 'VALIDATION_ERROR' && !error.body?.issues?.length;
    return untranslatable ? errorText(null, fallbackKey) : errorText(error, fallbackKey);
  };
}

/** Admin: PUT the schedule settings; only cycles that have not started change. */
export function useUpdateSchedule(groupId: number) {
  const { t } = useTranslation('groupPage');
  const failureText = useFailureText();
  return useMutation({
    mutationFn: (settings: ScheduleUpdate) =>
      apiRequest<{ success: true }>('PUT', `/api/groups/${groupId}/schedule`, settings),
    onSuccess: async () => {
      toast({ title: t('scheduleEditor.saved'), description: t('scheduleEditor.savedBody') });
      await refreshGroup(groupId);
    },
    onError: (error) =>
      toast({
        title: t('scheduleEditor.failed'),
        description: failureText(error, 'groupPage:scheduleEditor.failedBody'),
        variant: 'destructive',
      }),
  });
}

/** Admin: the user ids, in the order they should receive the cycles not yet paid out. */
export function useAdjustRotation(groupId: number) {
  const { t } = useTranslation('groupPage');
  const failureText = useFailureText();
  return useMutation({
    mutationFn: (newOrder: number[]) =>
      apiRequest<{ success: true }>('POST', '/api/groups/adjust-rotation', { groupId, newOrder }),
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
