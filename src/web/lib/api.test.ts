import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('getJson', () => {
  it('answers null for a signed-out reply and reads that reply to its end', async () => {
    const reply = new Response(JSON.stringify({ code: 'UNAUTHORIZED' }), { status: 401 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply),
    );
    await expect(getJson('/api/user', { on401: 'null' })()).resolves.toBeNull();
    expect(reply.bodyUsed).toBe(true);
  });

  it('throws on a signed-out reply unless told otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    await expect(getJson('/api/user')()).rejects.toThrow();
  });
});
