import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

const invalidate = (queryKey: readonly unknown[]) => queryClient.invalidateQueries({ queryKey });

/** After anything that pays, collects or charges in a circle: every view of its payments. */
export function refreshCirclePayments(groupId: number) {
  for (const queryKey of [
    queryKeys.groupDetail(groupId),
    queryKeys.autopay(),
    queryKeys.paymentMonitoring(),
    queryKeys.bankDebits(),
    queryKeys.dashboard(),
  ])
    void invalidate(queryKey);
}

/** After any escrow, safeguard or approval change: these tabs, the header, and the dashboard (money moved). */
export function refreshSafety(groupId: number) {
  return Promise.all([
    invalidate(queryKeys.dashboard()),
    invalidate(queryKeys.escrow(groupId)),
    invalidate(queryKeys.safeguards(groupId)),
    invalidate(queryKeys.pendingActions(groupId)),
    invalidate(queryKeys.groupDetail(groupId)),
  ]);
}

/** Waits for the group page to refetch (so an editor closes onto the new dates); lists refresh behind it. */
export async function refreshGroup(groupId: number) {
  void invalidate(queryKeys.groupList());
  void invalidate(queryKeys.dashboard());
  await invalidate(queryKeys.groupDetail(groupId));
}

/** After a change to balances, memberships or a circle's state that many views show: every query (cheap here). */
export function refreshEverything() {
  return queryClient.invalidateQueries();
}
