import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import type { Contribution, GroupStatus } from '#web/lib/group-detail.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type MonitoringStatus = 'paid' | 'pending' | 'overdue' | 'at_risk';
export type RiskLevel = 'low' | 'medium' | 'high' | 'critical';

export type MonitoredMember = {
  userId: number;
  name: string;
  status: MonitoringStatus;
  currentContribution: { id: number; status: Contribution['status']; dueDate: string; amount: string } | null;
  paidCount: number;
  onTimeCount: number;
  lateCount: number;
  missedCount: number;
  overdueAmount: string;
  penaltyOwed: string;
  /** null until something has fallen due. */
  onTimeRate: number | null;
  riskScore: number;
  riskLevel: RiskLevel;
  autopay: boolean;
  lastReminderAt: string | null;
  /** The contribution Send Reminder is about; null when nothing is waiting for this member's payment. */
  remindableContributionId: number | null;
  /** The oldest overdue contribution not yet charged: what Apply Penalty charges. */
  penaltyContributionId: number | null;
};

/** The circle's real enforcement settings (admins only). */
export type EnforcementRules = {
  gracePeriodDays: number;
  penaltyPercentage: number;
  reminderDays: number;
  retryAttempts: number;
  autoPayout: boolean;
  minContributionThreshold: number;
};

export type PaymentMonitoring = {
  summary: {
    /** null: nothing has fallen due yet. */
    complianceRate: number | null;
    overdueCount: number;
    overdueAmount: string;
    atRiskCount: number;
    collectedThisCycle: string;
    expectedThisCycle: string;
  };
  members: MonitoredMember[];
  rules: EnforcementRules | null;
  viewer: { userId: number; isAdmin: boolean };
  groupStatus: GroupStatus;
};

export const paymentMonitoringQueries = {
  all: queryKeys.paymentMonitoring,
  group: (groupId: number) =>
    queryOptions({
      queryKey: [...paymentMonitoringQueries.all(), groupId] as const,
      queryFn: () => apiRequest<PaymentMonitoring>('GET', `/api/groups/${groupId}/payment-monitoring`),
      // Payments land and time passes (overdue, at risk) without any action here: fresh on every visit.
      staleTime: 0,
    }),
};
