import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OwnershipTransferReply } from '#shared/schemas/members.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/** Under ['groups', …, groupId]: an accepted transfer changes the group, and its live event refetches this. */
export const ownershipQueries = {
  open: (groupId: number) =>
    queryOptions({
      queryKey: ['groups', 'ownership-transfer', groupId] as const,
      queryFn: () => apiRequest<OwnershipTransferReply>('GET', `/api/groups/${groupId}/ownership-transfer`),
    }),
};

type Action = 'offer' | 'cancel' | 'accept' | 'decline';

const request = (groupId: number, action: Action, toUserId?: number) => {
  const url = `/api/groups/${groupId}/ownership-transfer`;
  if (action === 'offer') return apiRequest('POST', url, { toUserId });
  if (action === 'cancel') return apiRequest('DELETE', url);
  return apiRequest('POST', `${url}/${action}`);
};

/** One of the four transfer steps, with its toast; afterwards every view of the group refetches. */
export function useOwnershipAction(groupId: number, action: Action) {
  const { t } = useTranslation('ownership');
  return useActionMutation({
    mutationFn: (target?: { userId: number; name: string }) => request(groupId, action, target?.userId),
    success: (_reply, target) => ({
      title: t(`toast.${action}`),
      description: t(`toast.${action}Body`, { name: target?.name ?? '' }),
    }),
    failure: { title: t('toast.failed'), fallbackKey: 'ownership:toast.tryAgain' },
    // The owner, roles and the open offer all live under the group's keys.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
