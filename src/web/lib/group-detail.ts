import { queryOptions } from '@tanstack/react-query';
import type { GroupView } from '#shared/schemas/group-view.ts';
import { getJson } from './api.ts';
import { queryKeys } from './query-keys.ts';

export type { Frequency, GroupStatus, RotationMethod } from '#shared/schemas/group-view.ts';
export type PaymentMethod = 'cash' | 'bank_transfer' | 'mobile_money' | 'check' | 'other';
export const paymentMethods: PaymentMethod[] = ['cash', 'bank_transfer', 'mobile_money', 'check', 'other'];

export type Group = GroupView;

export type Member = {
  id: number;
  userId: number;
  position: number | null;
  role: 'admin' | 'member';
  hasReceivedPayout: boolean;
  joinedAt: string;
  user: { fullName: string; username: string };
  /** Over every cycle: `contributions` holds only a window of them. */
  contributionCounts: { paid: number; late: number; pending: number };
};

export type Contribution = {
  id: number;
  userId: number;
  userName: string;
  cycle: number;
  amount: string;
  /** processing: a bank debit is on its way. */
  status: 'pending' | 'reported' | 'processing' | 'paid';
  dueDate: string;
  paidAt: string | null;
  paymentMethod: string;
  reference: string | null;
  late: boolean;
  /** Unpaid past its due date plus grace: settling it now will be late. */
  overdue: boolean;
  penalty: string;
  penaltyStatus: 'none' | 'owed' | 'paid' | 'waived';
};

export type Cycle = {
  cycleNumber: number;
  recipientId: number | null;
  recipientName: string;
  scheduledDate: string;
  dueDate: string;
  actualDate: string | null;
  status: 'completed' | 'current' | 'upcoming';
  /** What the recipient gets: net of the fee into the wallet, the whole pool when handed over off the app. */
  payoutAmount: string;
  /** "0.00" for a payout handed over outside the app. */
  fee: string;
  /** null until the cycle is paid out. */
  payout: CyclePayout | null;
};

export type PayoutDelivery = 'wallet' | 'off_app';
/** not_needed: into the wallet; the others track an off-app payout's receipt by its recipient. */
export type ReceiptStatus = 'not_needed' | 'awaiting' | 'confirmed' | 'disputed';

export type CyclePayout = {
  id: number;
  delivery: PayoutDelivery;
  method: PaymentMethod | null;
  reference: string | null;
  receiptStatus: ReceiptStatus;
  /** What the recipient said reached them, once they have answered. */
  received: string | null;
  receiptNote: string | null;
};

export type GroupDetail = {
  group: Group;
  viewer: { userId: number; isAdmin: boolean; position: number | null };
  members: Member[];
  /**
   * Not the whole history: the cycle being collected, every contribution still unpaid or with a
   * penalty owed, and the ten latest paid (enough for the activity feed). Counts are on members.
   */
  contributions: Contribution[];
  cycles: Cycle[];
  currentCycle: {
    number: number;
    paidCount: number;
    memberCount: number;
    collected: string;
    pool: string;
    progressPercent: number;
    canProcessPayout: boolean;
  };
  reserve: string;
};

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
