import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson } from './api.ts';
import { queryClient } from './query-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const refused = (code: string) =>
  new Response(JSON.stringify({ code, message: 'slow down' }), {
    status: 429,
    headers: { 'retry-after': '1' },
  });

describe('the app’s queries', () => {
  it('ask again, after Retry-After, for a read refused as one of too many at once', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(refused('TOO_MANY_READS'))
      .mockResolvedValueOnce(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const started = Date.now();
    const data = await queryClient.fetchQuery({
      queryKey: ['refused-once'],
      queryFn: getJson('/api/dashboard'),
    });
    expect(data).toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it.each([
    ['a server error', () => new Response('{}', { status: 500 })],
    ['too many sign-in attempts', () => refused('TOO_MANY_REQUESTS')],
  ])('do not ask again after %s', async (_, reply) => {
    const fetch = vi.fn(async () => reply());
    vi.stubGlobal('fetch', fetch);
    await expect(
      queryClient.fetchQuery({ queryKey: ['refused', String(reply)], queryFn: getJson('/api/dashboard') }),
    ).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
