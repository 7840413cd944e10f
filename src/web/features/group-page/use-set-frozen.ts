import { useTranslation } from 'react-i18next';
import type { FrozenReply } from '#shared/schemas/groups.ts';
import { apiRequest } from '#web/lib/api.ts';
import { refreshEverything } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/** Admin: pause an active circle (with a reason every member is told), or let it run again. */
export function useSetFrozen(groupId: number) {
  const { t } = useTranslation('payouts');
  return useActionMutation({
    mutationFn: (input: { frozen: true; reason: string } | { frozen: false }) =>
      input.frozen
        ? apiRequest<FrozenReply>('POST', `/api/groups/${groupId}/freeze`, {
            reason: input.reason,
          })
        : apiRequest<FrozenReply>('POST', `/api/groups/${groupId}/unfreeze`, {}),
    success: (reply) =>
      reply.frozen
        ? { title: t('payouts:toast.frozen'), description: t('payouts:toast.frozenBody') }
        : { title: t('payouts:toast.unfrozen'), description: t('payouts:toast.unfrozenBody') },
    failure: {
      title: (input) => (input.frozen ? t('payouts:toast.freezeFailed') : t('payouts:toast.unfreezeFailed')),
      fallbackKey: 'payouts:toast.tryAgain',
    },
    onSettled: refreshEverything,
  });
}
