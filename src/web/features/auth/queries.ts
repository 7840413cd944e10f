import { queryOptions } from '@tanstack/react-query';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { hasSignedInHint } from '#shared/signed-in-hint.ts';
import { ApiError, getJson } from '#web/lib/api.ts';
import { restoreOfflineData } from '#web/lib/offline-data/index.ts';
import { queryClient } from '#web/lib/query-client.ts';

export const authQueries = {
  user: () =>
    queryOptions({
      queryKey: ['user'] as const,
      // Asked even when the browser says it is offline: the answer decides between the app and sign-in.
      networkMode: 'always',
      queryFn: async () => {
        // No session in this browser: signed out, without a request the server would refuse.
        if (!hasSignedInHint(document.cookie)) return null;
        try {
          return await getJson<PublicUser>('/api/user', { on401: 'null' })();
        } catch (error) {
          // No connection: the last signed-in user's saved data, when this browser kept some (issue 17).
          if (!(error instanceof ApiError)) {
            const saved = (await restoreOfflineData(queryClient)) as PublicUser | null;
            if (saved) return saved;
          }
          // The spec: a network or parse failure leaves the visitor signed out (logged only).
          console.error('auth check failed', error);
          return null;
        }
      },
    }),
};
