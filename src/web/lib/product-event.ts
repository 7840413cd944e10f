import type { BrowserEventName } from '#shared/schemas/product-events.ts';

const EVENTS_URL = '/api/events';

function beacon(body: string): boolean {
  try {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    return navigator.sendBeacon(EVENTS_URL, new Blob([body], { type: 'application/json' }));
  } catch {
    // Some browsers refuse a JSON beacon; the fetch below carries it instead.
    return false;
  }
}

/**
 * Tells our own server that something happened in the browser (decision 0036): fire and forget.
 * A beacon survives the page being left (a mail-to link, a share sheet); else a keepalive fetch.
 * Never throws and never waits: a lost event must not disturb what the person was doing.
 */
export function productEvent(name: BrowserEventName): void {
  const body = JSON.stringify({ name });
  if (beacon(body)) return;
  try {
    void fetch(EVENTS_URL, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body,
    }).catch(() => undefined);
  } catch {
    // No fetch at all (an old browser, a test): the event is only a count.
  }
}
