import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MemberRole, MembersReply } from '#shared/schemas/members.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

export type MemberRecord = MembersReply['members'][number];

/** Under ['groups', …, groupId] so the group's live events refetch it (features/live/event-keys.ts). */
export const memberQueries = {
  list: (groupId: number) =>
    queryOptions({
      queryKey: ['groups', 'members', groupId] as const,
      queryFn: () => apiRequest<MembersReply>('GET', `/api/groups/${groupId}/members`),
    }),
};

/** The owner makes a member a co-admin, or a co-admin a member again; the spec's toasts. */
export function useSetMemberRole(groupId: number) {
  const { t } = useTranslation('groupPage');
  return useActionMutation({
    mutationFn: (change: { userId: number; role: MemberRole; name: string }) =>
      apiRequest('PUT', `/api/groups/${groupId}/members/${change.userId}/role`, { role: change.role }),
    success: (_reply, change) => ({
      title: t('members.role.updated'),
      description: t(change.role === 'admin' ? 'members.role.nowCoAdmin' : 'members.role.nowMember', {
        name: change.name,
      }),
    }),
    failure: { title: t('members.role.failed'), fallbackKey: 'groupPage:members.role.failedBody' },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: memberQueries.list(groupId).queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.groupDetail(groupId) });
    },
  });
}
