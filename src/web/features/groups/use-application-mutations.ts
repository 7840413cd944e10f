import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type {
  ApplicationInput,
  MyApplication,
  WithdrawApplicationReply,
} from '#shared/schemas/applications.ts';
import { apiRequest } from '#web/lib/api.ts';
import { isolate } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { groupQueries } from './queries.ts';
import type { JoinResult } from './types.ts';

type JoinOrApply = JoinResult | (JoinResult & { application: MyApplication });

function refresh() {
  void queryClient.invalidateQueries({ queryKey: groupQueries.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
}

/** Sends a request to join a group that reviews its members (the same join call, with the form's fields). */
export function useSendApplication() {
  const { t } = useTranslation('applications');
  const [, navigate] = useLocation();
  return useActionMutation({
    mutationFn: ({
      groupId,
      inviteCode,
      body,
    }: {
      groupId: number;
      inviteCode: string;
      name: string;
      body: ApplicationInput;
    }) => apiRequest<JoinOrApply>('POST', `/api/groups/${groupId}/join`, { ...body, inviteCode }),
    success: (reply, { name }) =>
      'application' in reply
        ? { title: t('join.sent'), description: t('join.sentBody', { name: isolate(name) }) }
        : // The group stopped reviewing members meanwhile: the seat is taken already.
          {
            title: t('groups:join.joined'),
            description: t('groups:join.joinedBody', { name: isolate(name) }),
          },
    onSuccess: (reply) => {
      refresh();
      if (!('application' in reply)) navigate(`/groups/${reply.groupId}`);
    },
    failure: { title: t('join.sendFailed'), fallbackKey: 'applications:join.tryAgain' },
    onError: () => queryClient.invalidateQueries({ queryKey: [...groupQueries.all(), 'invite'] }),
  });
}

export function useWithdrawApplication() {
  const { t } = useTranslation('applications');
  return useActionMutation({
    mutationFn: (application: { id: number }) =>
      apiRequest<WithdrawApplicationReply>('POST', `/api/applications/${application.id}/withdraw`),
    success: () => ({ title: t('join.withdrawn'), description: t('join.withdrawnBody') }),
    failure: { title: t('join.withdrawFailed'), fallbackKey: 'applications:join.tryAgain' },
    onSettled: refresh,
  });
}
