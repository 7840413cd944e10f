import { useTranslation } from 'react-i18next';
import type { ScheduleUpdate } from '#shared/schemas/groups.ts';
import type { SuccessReply } from '#shared/schemas/replies.ts';
import { apiRequest } from '#web/lib/api.ts';
import { refreshGroup } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/** Admin: PUT the schedule settings; only cycles that have not started change. */
export function useUpdateSchedule(groupId: number) {
  const { t } = useTranslation('groupPage');
  return useActionMutation({
    mutationFn: (settings: ScheduleUpdate) =>
      apiRequest<SuccessReply>('PUT', `/api/groups/${groupId}/schedule`, settings),
    success: () => ({ title: t('scheduleEditor.saved'), description: t('scheduleEditor.savedBody') }),
    onSuccess: () => refreshGroup(groupId),
    failure: { title: t('scheduleEditor.failed'), fallbackKey: 'groupPage:scheduleEditor.failedBody' },
  });
}
