import { onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { forgetOfflineData } from './offline-data/index.ts';

// TanStack Query assumes a connection until an `offline` event; a page opened offline (issue 17) must
// instead pause its fetches, keeping the saved data on screen rather than turning it into an error.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

/** Reads refused as too many at once (decision 0020) are asked again this often at most, */
const READ_RETRIES = 3;
/** and after at most this long, whatever Retry-After says. */
const LONGEST_READ_WAIT_MS = 10_000;

/**
 * The one retry: a read the server refused as one of too many at once from this person (TOO_MANY_READS,
 * e.g. every open tab refetching after the live stream came back) is asked again when its Retry-After
 * says, instead of turning the page into an error.
 */
export const retryRefusedRead = (failureCount: number, error: unknown) =>
  error instanceof ApiError && error.code === 'TOO_MANY_READS' && failureCount < READ_RETRIES;

export const refusedReadDelay = (failureCount: number, error: unknown) => {
  const seconds = error instanceof ApiError ? (error.retryAfterSeconds ?? 1) : 1;
  // A little spread, so that the reads refused together do not all come back in the same instant.
  return Math.min(
    LONGEST_READ_WAIT_MS,
    Math.max(1, seconds) * 1000 + Math.random() * 250 * (failureCount + 1),
  );
};

// The spec's data-fetching rules: nothing refetches by itself, nothing goes stale, no retries (but
// the read refused for coming with too many others, above).
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
      retry: retryRefusedRead,
      retryDelay: refusedReadDelay,
    },
    mutations: { retry: false },
  },
});
