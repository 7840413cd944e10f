import { useEffect, useRef } from 'react';
import type { WithdrawalView } from '#shared/schemas/withdrawals.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { withdrawalQueries } from './queries.ts';

/**
 * When the polled list shows a withdrawal changing state (paid out or failed), the wallet changed
 * too (a hold captured or released): fetch it again, and the dashboard's balance with it.
 */
export function useRefreshOnSettle(withdrawals: WithdrawalView[] | undefined) {
  const statuses = withdrawals?.map((w) => `${w.id}:${w.status}`).join(',');
  const previous = useRef(statuses);
  useEffect(() => {
    if (statuses === undefined) return;
    if (previous.current !== undefined && previous.current !== statuses) {
      void queryClient.invalidateQueries({ queryKey: withdrawalQueries.wallet().queryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    }
    previous.current = statuses;
  }, [statuses]);
}
