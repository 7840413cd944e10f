import { queryOptions } from '@tanstack/react-query';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { hasSignedInHint } from '#shared/signed-in-hint.ts';
import { getJson } from '#web/lib/api.ts';

export const authQueries = {
  user: () =>
    queryOptions({
      queryKey: ['user'] as const,
      queryFn: async () => {
        // No session in this browser: signed out, without a request the server would refuse.
        if (!hasSignedInHint(document.cookie)) return null;
        try {
          return await getJson<PublicUser>('/api/user', { on401: 'null' })();
        } catch (error) {
          // The spec: a network or parse failure leaves the visitor signed out (logged only).
          console.error('auth check failed', error);
          return null;
        }
      },
    }),
};
