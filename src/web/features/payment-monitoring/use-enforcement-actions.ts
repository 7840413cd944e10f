import { useTranslation } from 'react-i18next';
import type {
  PenaltyAppliedReply as PenaltyReply,
  ReminderSentReply,
} from '#shared/schemas/payment-monitoring.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { useFormat } from '#web/lib/format.ts';
import { refreshCirclePayments } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import type { MonitoredMember } from './queries.ts';

/** Admin: remind a member of their oldest unpaid contribution (at most once a day per payment). */
export function useSendReminder(groupId: number) {
  const { t } = useTranslation('paymentsMonitor');
  return useActionMutation({
    mutationFn: (member: MonitoredMember) =>
      apiRequest<ReminderSentReply>('POST', `/api/groups/${groupId}/members/${member.userId}/remind`, {}),
    success: (_, member) => ({
      title: t('toast.reminderSent'),
      description: t('toast.reminderSentBody', { name: member.name }),
    }),
    failure: { title: t('toast.reminderFailed'), fallbackKey: 'paymentsMonitor:toast.tryAgain' },
    onSettled: () => refreshCirclePayments(groupId),
  });
}

/** Admin: charge the circle's late penalty on a member's oldest overdue contribution. It costs them money. */
export function useApplyPenalty(groupId: number) {
  const { t } = useTranslation('paymentsMonitor');
  const format = useFormat();
  const attempt = useAttemptKey();
  return useActionMutation({
    mutationFn: (target: { contributionId: number; member: MonitoredMember }) =>
      apiRequest<PenaltyReply>(
        'POST',
        `/api/contributions/${target.contributionId}/penalty/apply`,
        undefined,
        {
          headers: { 'Idempotency-Key': attempt.keyFor(target.contributionId) },
        },
      ),
    success: (reply, { member }) => ({
      title: t('toast.penaltyApplied'),
      description: t('toast.penaltyAppliedBody', {
        name: member.name,
        amount: format.money(reply.penalty),
      }),
    }),
    failure: { title: t('toast.penaltyFailed'), fallbackKey: 'paymentsMonitor:toast.tryAgain' },
    onSettled: (_data, error) => {
      attempt.settle(error);
      refreshCirclePayments(groupId);
    },
  });
}
