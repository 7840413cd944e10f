import { queryOptions } from '@tanstack/react-query';
import type { SandboxIdentitySession } from '#shared/schemas/identity.ts';
import { apiRequest } from '#web/lib/api.ts';

export const identitySessionUrl = (session: string) =>
  `/api/sandbox/identity-sessions/${encodeURIComponent(session)}`;

export const identitySessionQuery = (session: string) =>
  queryOptions({
    queryKey: ['sandbox-identity-session', session] as const,
    queryFn: () => apiRequest<SandboxIdentitySession>('GET', identitySessionUrl(session)),
    enabled: session.length > 0,
  });
