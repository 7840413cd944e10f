import { useTranslation } from 'react-i18next';
import type { PendingApplicant } from '#shared/schemas/applications.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

// Approving changes the members, maybe the group's status and everyone's lists: refresh them all.
const refreshGroups = () => queryClient.invalidateQueries({ queryKey: ['groups'] });
const refreshDashboard = () => queryClient.invalidateQueries({ queryKey: ['dashboard'] });

export function useApproveApplication() {
  const { t } = useTranslation('applications');
  return useActionMutation({
    mutationFn: (applicant: PendingApplicant) =>
      apiRequest('POST', `/api/applications/${applicant.id}/approve`),
    success: (_, applicant) => ({
      title: t('toast.approved'),
      description: t('toast.approvedBody', { name: applicant.name }),
    }),
    failure: { title: t('toast.approveFailed'), fallbackKey: 'applications:toast.tryAgainLater' },
    onSettled: () => Promise.all([refreshGroups(), refreshDashboard()]),
  });
}

export function useRejectApplication() {
  const { t } = useTranslation('applications');
  return useActionMutation({
    mutationFn: ({ applicant, reason }: { applicant: PendingApplicant; reason: string }) =>
      apiRequest('POST', `/api/applications/${applicant.id}/reject`, { reason }),
    success: () => ({ title: t('toast.rejected'), description: t('toast.rejectedBody') }),
    failure: { title: t('toast.rejectFailed'), fallbackKey: 'applications:toast.tryAgainLater' },
    onSettled: refreshGroups,
  });
}
