// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authQueries } from './queries.ts';

const signedIn = { id: 'u1', username: 'ana' };

function serve(status: number) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(status === 200 ? signedIn : {}), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const ask = () => new QueryClient().fetchQuery(authQueries.user());

describe('who is signed in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'sc_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    document.cookie = '__Host-sc_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('knows a visitor without a session is signed out, without a request to be refused', async () => {
    const fetch = serve(401);
    await expect(ask()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the server when the browser holds a session', async () => {
    const fetch = serve(200);
    document.cookie = 'sc_signed_in=1; path=/';
    await expect(ask()).resolves.toEqual(signedIn);
    expect(fetch).toHaveBeenCalledWith('/api/user', expect.anything());
  });

  it('takes an ended session as signed out', async () => {
    serve(401);
    document.cookie = 'sc_signed_in=1; path=/';
    await expect(ask()).resolves.toBeNull();
  });
});
