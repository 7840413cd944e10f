import { useRef } from 'react';
import { ApiError } from './api.ts';

/**
 * One Idempotency-Key per money action the person means to take: pressing the button again after
 * a network failure sends the same key (so a request that did reach the server is not repeated);
 * any reply from the server, or a different request, starts a new one.
 */
export function useAttemptKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(request: unknown) {
      const text = JSON.stringify(request);
      if (attempt.current?.body !== text) attempt.current = { body: text, key: crypto.randomUUID() };
      return attempt.current.key;
    },
    settle(error: unknown) {
      // No reply at all (fetch threw): the server may have done it; keep the key for the retry.
      if (error && !(error instanceof ApiError)) return;
      attempt.current = null;
    },
  };
}
