// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productEvent } from './product-event.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('productEvent', () => {
  it('sends a beacon when the browser has one, and no fetch', () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    productEvent('view_pricing');
    expect(sendBeacon).toHaveBeenCalledWith('/api/events', expect.any(Blob));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when the beacon is refused or missing', () => {
    Object.defineProperty(navigator, 'sendBeacon', {
      value: () => {
        throw new TypeError('no JSON beacons here');
      },
      configurable: true,
    });
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    productEvent('begin_onboarding');
    expect(fetch).toHaveBeenCalledWith(
      '/api/events',
      expect.objectContaining({ method: 'POST', keepalive: true, body: '{"name":"begin_onboarding"}' }),
    );
  });

  it('never throws, whether fetch throws or its promise fails', async () => {
    vi.stubGlobal('fetch', () => {
      throw new Error('offline');
    });
    expect(() => productEvent('referral_share')).not.toThrow();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(() => productEvent('referral_share')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
