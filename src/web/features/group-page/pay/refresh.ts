import { dashboardQueries } from '#web/features/dashboard/queries.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { autopayQueries } from '../autopay/queries.ts';
import { paymentMonitoringQueries } from '../payments/queries.ts';
import { groupPageQueries } from '../queries.ts';
import { bankDebitQueries } from './bank-debits.ts';

/** After anything that pays, collects or charges in a circle: every view of its payments. */
export function refreshCirclePayments(groupId: number) {
  for (const queryKey of [
    groupPageQueries.detail(groupId).queryKey,
    autopayQueries.all(),
    paymentMonitoringQueries.all(),
    bankDebitQueries.all(),
    dashboardQueries.all(),
  ])
    void queryClient.invalidateQueries({ queryKey });
}
