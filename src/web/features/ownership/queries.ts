import { queryOptions, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OwnershipTransferReply } from '#shared/schemas/members.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

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
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (target?: { userId: number; name: string }) => request(groupId, action, target?.userId),
    onSuccess: (_reply, target) =>
      toast({
        title: t(`toast.${action}`),
        description: t(`toast.${action}Body`, { name: target?.name ?? '' }),
      }),
    onError: (error) =>
      toast({
        title: t('toast.failed'),
        description: errorText(error, 'ownership:toast.tryAgain'),
        variant: 'destructive',
      }),
    // The owner, roles and the open offer all live under the group's keys.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
