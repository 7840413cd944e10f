import { useSyncExternalStore } from 'react';

/**
 * Whether the live update stream (features/live) is up. 'connecting' until it first opens, 'live'
 * while it is, 'reconnecting' after it dropped. Queries poll only while it is not live.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

export function liveStatus(): LiveStatus {
  return status;
}

export function setLiveStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function subscribeLiveStatus(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, liveStatus, liveStatus);
}

/**
 * A query's refetchInterval that polls only while the stream is down: the stream tells the screen
 * when to refetch otherwise. `pollWhileNotLive(3000)` is the spec's chat poll.
 */
export function pollWhileNotLive(ms: number): number | false {
  return status === 'live' ? false : ms;
}
