import { queryOptions } from '@tanstack/react-query';
import type { MemberPayment, PaymentMonitoringReply } from '#shared/schemas/payment-monitoring.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type PaymentMonitoring = PaymentMonitoringReply;
export type MonitoredMember = MemberPayment;
export type MonitoringStatus = MemberPayment['status'];
export type RiskLevel = MemberPayment['riskLevel'];
/** The circle's real enforcement settings (admins only). */
export type EnforcementRules = NonNullable<PaymentMonitoringReply['rules']>;

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
