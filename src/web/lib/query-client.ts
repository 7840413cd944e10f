import { onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { forgetOfflineData } from './offline-data/index.ts';

// TanStack Query assumes a connection until an `offline` event; a page opened offline (issue 17) must
// instead pause its fetches, keeping the saved data on screen rather than turning it into an error.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

// The spec's data-fetching rules: nothing refetches by itself, nothing goes stale, no retries.
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // A read answered 401: the session is gone, and so must be the data kept for offline use.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) void forgetOfflineData();
    },
  }),
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
