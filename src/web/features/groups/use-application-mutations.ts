import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type {
  ApplicationInput,
  MyApplication,
  WithdrawApplicationReply,
} from '#shared/schemas/applications.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { isolate } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
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
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  return useMutation({
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
    onSuccess: (reply, { name }) => {
      refresh();
      if ('application' in reply) {
        toast({ title: t('join.sent'), description: t('join.sentBody', { name: isolate(name) }) });
      } else {
        // The group stopped reviewing members meanwhile: the seat is taken already.
        toast({
          title: t('groups:join.joined'),
          description: t('groups:join.joinedBody', { name: isolate(name) }),
        });
        navigate(`/groups/${reply.groupId}`);
      }
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: [...groupQueries.all(), 'invite'] });
      toast({
        title: t('join.sendFailed'),
        description: errorText(error, 'applications:join.tryAgain'),
        variant: 'destructive',
      });
    },
  });
}

export function useWithdrawApplication() {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (application: { id: number }) =>
      apiRequest<WithdrawApplicationReply>('POST', `/api/applications/${application.id}/withdraw`),
    onSuccess: () => toast({ title: t('join.withdrawn'), description: t('join.withdrawnBody') }),
    onError: (error) =>
      toast({
        title: t('join.withdrawFailed'),
        description: errorText(error, 'applications:join.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: refresh,
  });
}
