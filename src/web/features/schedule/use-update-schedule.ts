import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScheduleUpdate } from '#shared/schemas/groups.ts';
import type { SuccessReply } from '#shared/schemas/replies.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { refreshGroup } from '#web/lib/refresh.ts';
import { useRefusalText } from '#web/lib/use-error-text.ts';

/** Admin: PUT the schedule settings; only cycles that have not started change. */
export function useUpdateSchedule(groupId: number) {
  const { t } = useTranslation('groupPage');
  const failureText = useRefusalText();
  return useMutation({
    mutationFn: (settings: ScheduleUpdate) =>
      apiRequest<SuccessReply>('PUT', `/api/groups/${groupId}/schedule`, settings),
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
