import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { MemberDebt, RemovalPreview, removalReply } from '#shared/schemas/membership.ts';
import { apiRequest, getJson } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { refreshEverything } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

export type RemovalReply = z.infer<typeof removalReply>;

export const membershipQueries = {
  preview: (groupId: number, userId: number) =>
    queryOptions({
      queryKey: ['groups', 'removal-preview', groupId, userId] as const,
      queryFn: getJson<RemovalPreview>(`/api/groups/${groupId}/members/${userId}/removal-preview`),
      // Always what the server would do now: the dialog opens on fresh numbers.
      staleTime: 0,
    }),
  debts: () =>
    queryOptions({
      queryKey: ['debts', 'mine'] as const,
      queryFn: getJson<{ debts: MemberDebt[] }>('/api/debts/mine'),
    }),
};

/** Remove (admin) or Leave (own): the spec's toasts, then every view refetches (seats, money, lists). */
export function useDeparture(groupId: number, onDone: () => void) {
  const { t } = useTranslation('membership');
  const attempt = useAttemptKey();
  return useActionMutation({
    mutationFn: (target: { userId: number; own: boolean }) =>
      apiRequest<RemovalReply>(
        target.own ? 'POST' : 'DELETE',
        target.own ? `/api/groups/${groupId}/leave` : `/api/groups/${groupId}/members/${target.userId}`,
        target.own ? {} : undefined,
        { headers: { 'Idempotency-Key': attempt.keyFor(target) } },
      ),
    success: (reply, target) => {
      if (target.own) return { title: t('toast.left') };
      if (reply.status === 'pending')
        return { title: t('toast.pendingTitle'), description: t('toast.pendingBody') };
      return { title: t('toast.removed') };
    },
    onSuccess: onDone,
    failure: {
      title: (target) => (target.own ? t('toast.leaveFailed') : t('toast.removeFailed')),
      fallbackKey: (target) =>
        target.own ? 'membership:toast.leaveFailedBody' : 'membership:toast.removeFailedBody',
    },
    onSettled: (_data, error) => {
      attempt.settle(error);
      void refreshEverything();
    },
  });
}
