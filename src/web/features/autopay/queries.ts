import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import type { Frequency } from '#web/lib/group-detail.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** setup_required: no verified bank account yet; inactive: one exists but auto-pay is off. */
export type AutopayStatus = 'active' | 'inactive' | 'failed' | 'setup_required';

export type PaymentScheduleEntry = {
  id: number | null;
  userId: number;
  userName: string;
  status: AutopayStatus;
  /** Only on the viewer's own entry. */
  paymentMethodLast4: string | null;
  /** A calendar day in the group's time zone: when the next contribution is really taken or due. */
  nextPaymentDate: string | null;
  lastPaymentDate: string | null;
  failureCount: number;
};

export type PaymentSchedules = {
  paymentSchedules: PaymentScheduleEntry[];
  summary: { automationRate: number; collectionPerCycle: string; nextCollectionDate: string | null };
  settings: { retryAttempts: number; frequency: Frequency; contributionDay: number; gracePeriodDays: number };
  viewer: { userId: number; isAdmin: boolean };
};

export const autopayQueries = {
  all: queryKeys.autopay,
  schedules: (groupId: number) =>
    queryOptions({
      queryKey: [...autopayQueries.all(), 'schedules', groupId] as const,
      queryFn: () => apiRequest<PaymentSchedules>('GET', `/api/groups/${groupId}/payment-schedules`),
      // Debits settle and members change their own auto-pay elsewhere: fresh on every visit.
      staleTime: 0,
    }),
};
