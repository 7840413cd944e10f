import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  PenaltyAppliedReply as PenaltyReply,
  ReminderSentReply,
} from '#shared/schemas/payment-monitoring.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { useFormat } from '#web/lib/format.ts';
import { refreshCirclePayments } from '#web/lib/refresh.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import type { MonitoredMember } from './queries.ts';

/** Admin: remind a member of their oldest unpaid contribution (at most once a day per payment). */
export function useSendReminder(groupId: number) {
  const { t } = useTranslation('paymentsMonitor');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (member: MonitoredMember) =>
      apiRequest<ReminderSentReply>('POST', `/api/groups/${groupId}/members/${member.userId}/remind`, {}),
    onSuccess: (_, member) =>
      toast({
        title: t('toast.reminderSent'),
        description: t('toast.reminderSentBody', { name: member.name }),
      }),
    onError: (error) =>
      toast({
        title: t('toast.reminderFailed'),
        description: errorText(error, 'paymentsMonitor:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: () => refreshCirclePayments(groupId),
  });
}

/** Admin: charge the circle's late penalty on a member's oldest overdue contribution. It costs them money. */
export function useApplyPenalty(groupId: number) {
  const { t } = useTranslation('paymentsMonitor');
  const format = useFormat();
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (target: { contributionId: number; member: MonitoredMember }) =>
      apiRequest<PenaltyReply>(
        'POST',
        `/api/contributions/${target.contributionId}/penalty/apply`,
        undefined,
        {
          headers: { 'Idempotency-Key': attempt.keyFor(target.contributionId) },
        },
      ),
    onSuccess: (reply, { member }) =>
      toast({
        title: t('toast.penaltyApplied'),
        description: t('toast.penaltyAppliedBody', {
          name: member.name,
          amount: format.money(reply.penalty),
        }),
      }),
    onError: (error) =>
      toast({
        title: t('toast.penaltyFailed'),
        description: errorText(error, 'paymentsMonitor:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: (_data, error) => {
      attempt.settle(error);
      refreshCirclePayments(groupId);
    },
  });
}
