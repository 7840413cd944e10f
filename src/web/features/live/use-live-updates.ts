import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_RESYNC_EVENT, liveEventSchema } from '#shared/schemas/live.ts';
import { liveStatus, setLiveStatus } from '#web/lib/live-status.ts';
import { invalidationFor } from './event-keys.ts';

/** The spec's poll interval, for the chat while the stream is down. */
export const CHAT_POLL_MS = 3000;
/** After a stream that could not open at all (e.g. 401), wait this long, doubling, before trying again. */
const FIRST_RETRY_MS = 3000;
const LAST_RETRY_MS = 60_000;

const isChatQuery = (queryKey: readonly unknown[]) =>
  (queryKey[0] === 'groups' && (queryKey[1] === 'messages' || queryKey[1] === 'announcements')) ||
  queryKey[0] === 'chat-unread';

/** Navigating between pages remounts the shell: the stream outlives that by this much. */
const LINGER_MS = 5000;

let current: {
  queryClient: QueryClient;
  users: number;
  stop: () => void;
  linger?: ReturnType<typeof setTimeout>;
} | null = null;

/**
 * The signed-in app's one live update stream (GET /api/events, decision 0025): each event makes the
 * matching queries stale, so open screens refetch within a moment. While the stream is down the
 * chat polls every 3 s (the spec's interval) and other screens as they did before it; when it
 * comes back, everything refetches once, since events may have been missed. Mounted by the shell
 * of every signed-in page; one stream however often the shell remounts.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (current && current.queryClient !== queryClient) {
      current.stop();
      current = null;
    }
    if (!current) current = { queryClient, users: 0, stop: openStream(queryClient) };
    const held = current;
    held.users += 1;
    clearTimeout(held.linger);
    return () => {
      held.users -= 1;
      if (held.users > 0) return;
      held.linger = setTimeout(() => {
        if (held.users > 0) return;
        held.stop();
        if (current === held) current = null;
      }, LINGER_MS);
    };
  }, [queryClient]);
}

/** Opens the stream and keeps it open (reconnecting) until the returned stop is called. */
export function openStream(queryClient: QueryClient): () => void {
  let source: EventSource | null = null;
  let chatPoll: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryMs = FIRST_RETRY_MS;
  let everOpen = false;
  let stopped = false;

  const refetchEverything = () => void queryClient.invalidateQueries();

  const goDown = () => {
    if (liveStatus() !== 'live' && chatPoll) return;
    setLiveStatus(everOpen ? 'reconnecting' : 'connecting');
    // Queries decide to poll when they next fetch: once now, then the chat on the spec's clock.
    refetchEverything();
    clearInterval(chatPoll);
    chatPoll = setInterval(
      () => void queryClient.invalidateQueries({ predicate: ({ queryKey }) => isChatQuery(queryKey) }),
      CHAT_POLL_MS,
    );
  };

  const connect = () => {
    source = new EventSource('/api/events', { withCredentials: true });
    source.onopen = () => {
      clearInterval(chatPoll);
      chatPoll = undefined;
      retryMs = FIRST_RETRY_MS;
      if (everOpen) refetchEverything();
      everOpen = true;
      setLiveStatus('live');
    };
    source.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = liveEventSchema.safeParse(data);
      if (!parsed.success) return;
      const { keys, predicate } = invalidationFor(parsed.data);
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      if (predicate) void queryClient.invalidateQueries({ predicate });
    };
    source.addEventListener(LIVE_RESYNC_EVENT, refetchEverything);
    source.onerror = () => {
      goDown();
      // The browser retries a dropped stream by itself; one refused outright (401, 503) it gives up on.
      if (source?.readyState === EventSource.CLOSED && !stopped) {
        source = null;
        retry = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      }
    };
  };

  if (typeof EventSource === 'undefined') {
    goDown();
  } else connect();
  return () => {
    stopped = true;
    source?.close();
    clearTimeout(retry);
    clearInterval(chatPoll);
    setLiveStatus('connecting');
  };
}
