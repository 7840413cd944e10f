import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { useFormat } from '#web/lib/format.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { type RequestWithdrawalReply, withdrawalQueries } from './queries.ts';
import type { RequestWithdrawalBody } from './withdrawal-form-schema.ts';

/**
 * One Idempotency-Key per withdrawal the person means to make: a retry of the same form after a
 * network failure sends the same key (so a request that did reach the server is not made twice);
 * any reply from the server, or a changed form, starts a new one.
 */
function useAttemptKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: RequestWithdrawalBody) {
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { body: text, key: crypto.randomUUID() };
      return attempt.current.key;
    },
    settle(error: unknown) {
      // No reply at all (fetch threw): the server may have done it; keep the key for the retry.
      if (error && !(error instanceof ApiError)) return;
      attempt.current = null;
    },
  };
}

export function useRequestWithdrawal() {
  const { t } = useTranslation('withdrawal');
  const format = useFormat();
  const attempt = useAttemptKey();
  return useActionMutation({
    mutationFn: (body: RequestWithdrawalBody) =>
      apiRequest<RequestWithdrawalReply>('POST', '/api/withdrawals/request', body, {
        headers: { 'Idempotency-Key': attempt.keyFor(body) },
      }),
    success: ({ withdrawal }) => ({
      title: t('toast.requested'),
      description: t('toast.requestedBody', {
        amount: format.money(withdrawal.amount),
        method: t(`methods.${withdrawal.method}.name`),
        total: format.money(withdrawal.total),
      }),
    }),
    onSuccess: ({ wallet }) => queryClient.setQueryData(withdrawalQueries.wallet().queryKey, wallet),
    failure: { title: t('toast.failed'), fallbackKey: 'withdrawal:toast.tryAgain' },
    onSettled: (_data, error) => {
      attempt.settle(error);
      void queryClient.invalidateQueries({ queryKey: withdrawalQueries.list().queryKey });
      void queryClient.invalidateQueries({ queryKey: withdrawalQueries.wallet().queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}
