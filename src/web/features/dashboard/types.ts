import type { GroupSummary } from '#web/features/groups/types.ts';

/** GET /api/user/{userId}/dashboard (see src/server/features/dashboard/dashboard.ts). */
export type DashboardData = {
  user: { id: number; username: string; fullName: string };
  stats: {
    totalSaved: string;
    activeGroups: number;
    nextPayout: {
      groupId: number;
      groupName: string;
      amount: string;
      position: number;
      currentCycle: number;
    } | null;
    successRate: number | null;
    onTimeRate: number | null;
    walletBalance: string;
    totalReceived: string;
    overdueCount: number;
  };
  groups: GroupSummary[];
  upcomingPayments: UpcomingPayment[];
  recentActivity: Activity[];
  contributionHistory: { month: string; amount: string }[];
  savingsGoal: { target: string; monthly: string; isDefault: boolean };
  milestones: Milestone[];
};

export type UpcomingPayment = {
  id: number;
  groupId: number;
  groupName: string;
  cycle: number;
  dueDate: string;
  amount: string;
  status: 'pending' | 'reported' | 'overdue' | 'paid';
};

export type Activity = {
  id: string;
  type: 'contribution' | 'payout';
  groupId: number;
  groupName: string;
  amount: string;
  at: string;
  late: boolean;
};

export type Milestone = {
  id: 'first-100' | 'first-500' | 'first-1000' | 'first-2000';
  amountCents: number;
  achieved: boolean;
  achievedDate: string | null;
};
