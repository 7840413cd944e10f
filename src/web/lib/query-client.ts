import { QueryClient } from '@tanstack/react-query';

// The spec's data-fetching rules: nothing refetches by itself, nothing goes stale, no retries.
export const queryClient = new QueryClient({
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
