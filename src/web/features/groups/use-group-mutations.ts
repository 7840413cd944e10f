import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CreateGroupInput } from '#shared/schemas/groups.ts';
import { apiRequest } from '#web/lib/api.ts';
import { isolate } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { groupQueries } from './queries.ts';
import type { CreatedGroup, JoinResult } from './types.ts';

/** Lists and figures that change when the user's groups change. */
function refreshGroupData() {
  void queryClient.invalidateQueries({ queryKey: groupQueries.all() });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
}

export function useCreateGroup() {
  const { t } = useTranslation('groups');
  return useActionMutation({
    mutationFn: (input: CreateGroupInput) => apiRequest<CreatedGroup>('POST', '/api/groups', input),
    success: { shownOnScreen: "the page turns into 'Group Created Successfully!' with the invite code" },
    onSuccess: refreshGroupData,
    failure: { title: t('create.failed'), fallbackKey: 'groups:create.failedBody' },
  });
}

export function useJoinGroup() {
  const { t } = useTranslation('groups');
  const [, navigate] = useLocation();
  return useActionMutation({
    mutationFn: ({ groupId, inviteCode }: { groupId: number; inviteCode: string; name: string }) =>
      apiRequest<JoinResult>('POST', `/api/groups/${groupId}/join`, { inviteCode }),
    success: (_reply, { name }) => ({
      title: t('join.joined'),
      description: t('join.joinedBody', { name: isolate(name) }),
    }),
    onSuccess: (reply) => {
      refreshGroupData();
      navigate(`/groups/${reply.groupId}`);
    },
    failure: { title: t('join.joinFailed'), fallbackKey: 'groups:join.joinFailedBody' },
    // A seat may have gone meanwhile: show the group as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: [...groupQueries.all(), 'invite'] }),
  });
}
