import { queryOptions } from '@tanstack/react-query';
import type { InvitationsReply, InvitationView } from '#shared/schemas/invitations.ts';
import { apiRequest } from '#web/lib/api.ts';

export const invitationQueries = {
  /** Admin: the circle's invitations. Under the groups prefix, so every group refresh reloads them. */
  list: (groupId: number) =>
    queryOptions({
      queryKey: ['groups', 'invitations', groupId] as const,
      queryFn: () => apiRequest<InvitationsReply>('GET', `/api/groups/${groupId}/invitations`),
    }),
  /** The invitee: what the link leads to. A refusal (used, expired, other address) is final: no retry. */
  view: (token: string) =>
    queryOptions({
      queryKey: ['invitation', token] as const,
      queryFn: () => apiRequest<InvitationView>('GET', `/api/invitations/${encodeURIComponent(token)}`),
      retry: false,
    }),
};
