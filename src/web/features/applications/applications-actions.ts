import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PendingApplicant } from '#shared/schemas/applications.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

// Approving changes the members, maybe the group's status and everyone's lists: refresh them all.
const refreshGroups = () => queryClient.invalidateQueries({ queryKey: ['groups'] });
const refreshDashboard = () => queryClient.invalidateQueries({ queryKey: ['dashboard'] });

export function useApproveApplication() {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (applicant: PendingApplicant) =>
      apiRequest('POST', `/api/applications/${applicant.id}/approve`),
    onSuccess: (_, applicant) =>
      toast({ title: t('toast.approved'), description: t('toast.approvedBody', { name: applicant.name }) }),
    onError: (error) =>
      toast({
        title: t('toast.approveFailed'),
        description: errorText(error, 'applications:toast.tryAgainLater'),
        variant: 'destructive',
      }),
    onSettled: () => Promise.all([refreshGroups(), refreshDashboard()]),
  });
}

export function useRejectApplication() {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: ({ applicant, reason }: { applicant: PendingApplicant; reason: string }) =>
      apiRequest('POST', `/api/applications/${applicant.id}/reject`, { reason }),
    onSuccess: () => toast({ title: t('toast.rejected'), description: t('toast.rejectedBody') }),
    onError: (error) =>
      toast({
        title: t('toast.rejectFailed'),
        description: errorText(error, 'applications:toast.tryAgainLater'),
        variant: 'destructive',
      }),
    onSettled: refreshGroups,
  });
}
