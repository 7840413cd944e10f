import type { z } from 'zod';
import type {
  ContactRequest,
  contactFormTokenReply,
  contactReply,
  MyTicketsReply,
  SupportMetrics,
  SupportPeriod,
  SupportTicketStatus,
  TicketListReply,
  TicketReply,
} from '#shared/schemas/support.ts';
import { apiRequest, getJson } from '#web/lib/api.ts';

export const supportKeys = {
  formToken: ['contact', 'form-token'] as const,
  mine: ['support', 'mine'] as const,
  all: ['operations', 'support'] as const,
  list: (status: SupportTicketStatus | 'all') => ['operations', 'support', 'tickets', status] as const,
  ticket: (id: number) => ['operations', 'support', 'ticket', id] as const,
  metrics: (period: SupportPeriod) => ['operations', 'support', 'metrics', period] as const,
};

/** The calls behind /contact and the support desk on /business-operations. */
export const supportRequests = {
  formToken: getJson<z.infer<typeof contactFormTokenReply>>('/api/contact/form-token'),
  send: (input: ContactRequest) => apiRequest<z.infer<typeof contactReply>>('POST', '/api/contact', input),
  mine: getJson<MyTicketsReply>('/api/support/my-tickets'),
  list: (status: SupportTicketStatus | 'all') =>
    getJson<TicketListReply>(
      status === 'all'
        ? '/api/operations/support/tickets'
        : `/api/operations/support/tickets?status=${status}`,
    ),
  ticket: (id: number) => getJson<TicketReply>(`/api/operations/support/tickets/${id}`),
  metrics: (period: SupportPeriod) =>
    getJson<SupportMetrics>(`/api/operations/support/metrics?period=${period}`),
  assign: (id: number) => apiRequest<TicketReply>('POST', `/api/operations/support/tickets/${id}/assign`),
  answer: (id: number, body: string) =>
    apiRequest<TicketReply>('POST', `/api/operations/support/tickets/${id}/replies`, { body }),
  setStatus: (id: number, status: SupportTicketStatus) =>
    apiRequest<TicketReply>('PUT', `/api/operations/support/tickets/${id}/status`, { status }),
};
