import { queryOptions } from '@tanstack/react-query';
import type { PaymentSchedulesReply } from '#shared/schemas/autopay.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type PaymentSchedules = PaymentSchedulesReply;
export type PaymentScheduleEntry = PaymentSchedulesReply['paymentSchedules'][number];
/** setup_required: no verified bank account yet; inactive: one exists but auto-pay is off. */
export type AutopayStatus = PaymentScheduleEntry['status'];

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
