import { queryOptions } from '@tanstack/react-query';
import type { GroupView } from '#shared/schemas/group-view.ts';
import { getJson } from '#web/lib/api.ts';

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
};

export type Contribution = {
  id: number;
  userId: number;
  userName: string;
  cycle: number;
  amount: string;
  status: 'pending' | 'reported' | 'paid';
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
  payoutAmount: string;
  fee: string;
};

export type GroupDetail = {
  group: Group;
  viewer: { userId: number; isAdmin: boolean; position: number | null };
  members: Member[];
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

export const groupPageQueries = {
  all: () => ['groups', 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...groupPageQueries.all(), id] as const,
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
