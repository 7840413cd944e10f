import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

const NEAR_EDGE_PX = 48;

/**
 * Keeps the chat where the reader left it. Older messages arriving above keep the same message
 * under the reader's eyes (the distance from the bottom is kept); new messages below are followed
 * only when the reader was at the bottom (or just sent one). Near the top it asks for older pages.
 */
export function useChatScroll(opts: {
  firstId: number | undefined;
  lastId: number | undefined;
  onNearTop: () => void;
  /** An older page is on its way. */
  loadingOlder: boolean;
  /** The pages already held are being fetched again. */
  refreshing: boolean;
  /** The last older page asked for failed: the reader asks again with the button. */
  olderFailed: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const fromBottom = useRef(0);
  const atBottomRef = useRef(true);
  const follow = useRef(false);
  const previous = useRef<{ firstId?: number; lastId?: number }>({});
  const [atBottom, setAtBottom] = useState(true);

  const toBottom = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    fromBottom.current = el.clientHeight;
    atBottomRef.current = true;
    setAtBottom(true);
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    const before = previous.current;
    previous.current = { firstId: opts.firstId, lastId: opts.lastId };
    if (!el) return;
    const olderArrived =
      before.firstId !== undefined && opts.firstId !== before.firstId && opts.lastId === before.lastId;
    if (olderArrived) el.scrollTop = el.scrollHeight - fromBottom.current;
    else if (
      opts.lastId !== before.lastId &&
      (atBottomRef.current || follow.current || before.lastId === undefined)
    ) {
      follow.current = false;
      toBottom();
    }
  }, [opts.firstId, opts.lastId, toBottom]);

  // Text re-wrapping (a turn of the phone, another language, a longer message) changes the height
  // without a scroll: a reader who was at the bottom stays there.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottomRef.current) el.scrollTop = el.scrollHeight;
      fromBottom.current = el.scrollHeight - el.scrollTop;
    });
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);

  // A refetch (a new message, the poll while the stream is down) silently cancels an older page on
  // its way. Once that refetch is done, a reader still at the top would wait for nothing: ask again.
  const waitingOlder = useRef(false);
  useEffect(() => {
    if (opts.loadingOlder) waitingOlder.current = true;
    if (opts.loadingOlder || opts.refreshing || !waitingOlder.current) return;
    waitingOlder.current = false;
    const el = ref.current;
    if (!opts.olderFailed && el && el.scrollTop < NEAR_EDGE_PX) opts.onNearTop();
  });

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    fromBottom.current = el.scrollHeight - el.scrollTop;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_EDGE_PX;
    atBottomRef.current = bottom;
    setAtBottom(bottom);
    if (el.scrollTop < NEAR_EDGE_PX) opts.onNearTop();
  };

  return {
    ref,
    onScroll,
    atBottom,
    toBottom,
    /** The reader just sent a message: follow it down even if they had scrolled up. */
    followNext: () => {
      follow.current = true;
    },
  };
}
