import { queryOptions } from '@tanstack/react-query';
import type { GroupView } from '#shared/schemas/group-view.ts';
import type { GroupDetailReply } from '#shared/schemas/groups.ts';
import { getJson } from './api.ts';
import { queryKeys } from './query-keys.ts';

export type { Frequency, GroupStatus, RotationMethod } from '#shared/schemas/group-view.ts';
export type PaymentMethod = 'cash' | 'bank_transfer' | 'mobile_money' | 'check' | 'other';
export const paymentMethods: PaymentMethod[] = ['cash', 'bank_transfer', 'mobile_money', 'check', 'other'];

export type Group = GroupView;

/** GET /api/groups/:id, as its contract in shared/schemas/groups.ts describes it. */
export type GroupDetail = GroupDetailReply;
export type Member = GroupDetail['members'][number];
/**
 * Not the whole history: the cycle being collected, every contribution still unpaid or with a
 * penalty owed, and the ten latest paid (enough for the activity feed). Counts are on members.
 */
export type Contribution = GroupDetail['contributions'][number];
export type Cycle = GroupDetail['cycles'][number];
export type CyclePayout = NonNullable<Cycle['payout']>;
export type PayoutDelivery = CyclePayout['delivery'];
/** not_needed: into the wallet; the others track an off-app payout's receipt by its recipient. */
export type ReceiptStatus = CyclePayout['receiptStatus'];

/** GET /api/groups/:id: the page shell loads it once and hands it to every tab. */
export const groupDetailQueries = {
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.groupDetail(id),
      queryFn: async () => (await getJson<GroupDetail>(`/api/groups/${id}`)())!,
    }),
};

/** The viewer's contribution for the cycle being collected, if there is one. */
export function viewerContribution(detail: GroupDetail): Contribution | undefined {
  return detail.contributions.find(
    (c) => c.userId === detail.viewer.userId && c.cycle === detail.group.currentCycle,
  );
}

export function currentCycleOf(detail: GroupDetail): Cycle | undefined {
  return detail.cycles.find((c) => c.cycleNumber === detail.group.currentCycle);
}
