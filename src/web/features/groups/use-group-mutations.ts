import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CreateGroupInput } from '#shared/schemas/groups.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { isolate } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { groupQueries } from './queries.ts';
import type { CreatedGroup, JoinResult } from './types.ts';

/** Lists and figures that change when the user's groups change. */
function refreshGroupData() {
  void queryClient.invalidateQueries({ queryKey: groupQueries.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
}

export function useCreateGroup() {
  const { t } = useTranslation('groups');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: CreateGroupInput) => apiRequest<CreatedGroup>('POST', '/api/groups', input),
    onSuccess: refreshGroupData,
    onError: (error) =>
      toast({
        title: t('create.failed'),
        description: errorText(error, 'groups:create.failedBody'),
        variant: 'destructive',
      }),
  });
}

export function useJoinGroup() {
  const { t } = useTranslation('groups');
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: ({ groupId, inviteCode }: { groupId: number; inviteCode: string; name: string }) =>
      apiRequest<JoinResult>('POST', `/api/groups/${groupId}/join`, { inviteCode }),
    onSuccess: (reply, { name }) => {
      refreshGroupData();
      toast({ title: t('join.joined'), description: t('join.joinedBody', { name: isolate(name) }) });
      navigate(`/groups/${reply.groupId}`);
    },
    onError: (error) => {
      // A seat may have gone meanwhile: show the group as it is now.
      void queryClient.invalidateQueries({ queryKey: [...groupQueries.all(), 'invite'] });
      toast({
        title: t('join.joinFailed'),
        description: errorText(error, 'groups:join.joinFailedBody'),
        variant: 'destructive',
      });
    },
  });
}
