import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MemberReputation, ReputationReply } from '#shared/schemas/reputation.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

export type { MemberReputation, ReputationReply };

/** Under the groups prefix, so every group refresh (a payment, a removal) reloads it too. */
export const reputationQueries = {
  group: (groupId: number) =>
    queryOptions({
      queryKey: ['groups', 'reputation', groupId] as const,
      queryFn: () => apiRequest<ReputationReply>('GET', `/api/groups/${groupId}/reputation`),
    }),
};

// A rating moves the member's trust score, which the Verification tab shows as well.
const refresh = (groupId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: reputationQueries.group(groupId).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['verification'] }),
  ]);

export function useRateMember(groupId: number) {
  const { t } = useTranslation('reputation');
  return useActionMutation({
    mutationFn: (input: { member: MemberReputation; stars: number; comment: string }) =>
      apiRequest('PUT', `/api/groups/${groupId}/ratings/${input.member.id}`, {
        stars: input.stars,
        comment: input.comment,
      }),
    success: (_, { member }) => ({
      title: t('toast.rated'),
      description: t('toast.ratedBody', { name: member.name }),
    }),
    failure: { title: t('toast.rateFailed'), fallbackKey: 'reputation:toast.tryAgainLater' },
    onSettled: () => refresh(groupId),
  });
}

export function useWarnMember(groupId: number) {
  const { t } = useTranslation('reputation');
  const attempt = useAttemptKey();
  return useActionMutation({
    mutationFn: (input: { member: MemberReputation; reason: string }) =>
      apiRequest(
        'POST',
        `/api/groups/${groupId}/members/${input.member.id}/warnings`,
        { reason: input.reason },
        { headers: { 'Idempotency-Key': attempt.keyFor({ id: input.member.id, reason: input.reason }) } },
      ),
    success: (_, { member }) => ({
      title: t('toast.warned'),
      description: t('toast.warnedBody', { name: member.name }),
    }),
    failure: { title: t('toast.warnFailed'), fallbackKey: 'reputation:toast.tryAgainLater' },
    onSettled: (_, error) => {
      attempt.settle(error);
      return refresh(groupId);
    },
  });
}
