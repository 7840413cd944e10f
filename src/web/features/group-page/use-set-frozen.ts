import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FrozenReply } from '#shared/schemas/groups.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { refreshEverything } from '#web/lib/refresh.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

/** Admin: pause an active circle (with a reason every member is told), or let it run again. */
export function useSetFrozen(groupId: number) {
  const { t } = useTranslation('payouts');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (input: { frozen: true; reason: string } | { frozen: false }) =>
      input.frozen
        ? apiRequest<FrozenReply>('POST', `/api/groups/${groupId}/freeze`, {
            reason: input.reason,
          })
        : apiRequest<FrozenReply>('POST', `/api/groups/${groupId}/unfreeze`, {}),
    onSuccess: (reply) =>
      toast(
        reply.frozen
          ? { title: t('payouts:toast.frozen'), description: t('payouts:toast.frozenBody') }
          : { title: t('payouts:toast.unfrozen'), description: t('payouts:toast.unfrozenBody') },
      ),
    onError: (error, input) =>
      toast({
        title: input.frozen ? t('payouts:toast.freezeFailed') : t('payouts:toast.unfreezeFailed'),
        description: errorText(error, 'payouts:toast.tryAgain'),
        variant: 'destructive',
      }),
    onSettled: refreshEverything,
  });
}
