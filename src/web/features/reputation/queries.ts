import { queryOptions, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MemberReputation, ReputationReply } from '#shared/schemas/reputation.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

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
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: { member: MemberReputation; stars: number; comment: string }) =>
      apiRequest('PUT', `/api/groups/${groupId}/ratings/${input.member.id}`, {
        stars: input.stars,
        comment: input.comment,
      }),
    onSuccess: (_, { member }) =>
      toast({ title: t('toast.rated'), description: t('toast.ratedBody', { name: member.name }) }),
    onError: (error) =>
      toast({
        title: t('toast.rateFailed'),
        description: errorText(error, 'reputation:toast.tryAgainLater'),
        variant: 'destructive',
      }),
    onSettled: () => refresh(groupId),
  });
}

export function useWarnMember(groupId: number) {
  const { t } = useTranslation('reputation');
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (input: { member: MemberReputation; reason: string }) =>
      apiRequest(
        'POST',
        `/api/groups/${groupId}/members/${input.member.id}/warnings`,
        { reason: input.reason },
        { headers: { 'Idempotency-Key': attempt.keyFor({ id: input.member.id, reason: input.reason }) } },
      ),
    onSuccess: (_, { member }) =>
      toast({ title: t('toast.warned'), description: t('toast.warnedBody', { name: member.name }) }),
    onError: (error) =>
      toast({
        title: t('toast.warnFailed'),
        description: errorText(error, 'reputation:toast.tryAgainLater'),
        variant: 'destructive',
      }),
    onSettled: (_, error) => {
      attempt.settle(error);
      return refresh(groupId);
    },
  });
}
