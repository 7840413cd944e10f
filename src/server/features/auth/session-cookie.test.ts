import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, newMember, post, type Reply } from '#server/test/http-helpers.ts';
import { createTestApp } from '#server/test/test-app.ts';
import { clearSessionCookies, clearStaleSignedInHint, setSessionCookies } from './session-cookies.ts';

const setCookies = (reply: Reply) => {
  const header = reply.headers['set-cookie'];
  return (Array.isArray(header) ? header : [header]).filter((c): c is string => typeof c === 'string');
};

// Cookie names and attributes only: one engine is enough.
describe.each([
  ['production', true, '__Host-sc_session', 'sc_session'],
  ['development', false, 'sc_session', '__Host-sc_session'],
] as const)('the session cookie in %s', (_mode, isProduction, name, otherName) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      configure: (config) => {
        config.isProduction = isProduction;
      },
    });
  });
  afterAll(() => t.close());

  it(`is named ${name}, HttpOnly, Path=/, without a Domain${isProduction ? ', Secure' : ''}`, async () => {
    const member = newMember();
    const reply = await post(t.app, '/api/auth/register', member);
    expect(reply.statusCode).toBe(201);
    const [cookie, hint, ...others] = setCookies(reply);
    expect(others).toEqual([]);
    // Beside it, the page-readable hint that a session exists (decision 0041): same prefix and
    // attributes, but readable by the page and holding nothing secret.
    const hintName = name.replace('sc_session', 'sc_signed_in');
    expect(hint).toMatch(
      new RegExp(`^${hintName}=1; Path=/; Expires=[^;]+;${isProduction ? ' Secure;' : ''} SameSite=Lax$`),
    );
    expect(cookie).toMatch(new RegExp(`^${name}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('Path=/;');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toMatch(/Domain=/i);
    if (isProduction) expect(cookie).toContain('Secure');
    else expect(cookie).not.toContain('Secure');
    const token = reply.json().sessionId as string;

    // Only the configured name is read.
    expect((await get(t.app, '/api/user', { cookie: `${name}=${token}` })).statusCode).toBe(200);
    expect((await get(t.app, '/api/user', { cookie: `${otherName}=${token}` })).statusCode).toBe(401);

    // Signing out clears that same cookie, with the attributes a browser needs to accept it.
    const out = await post(t.app, '/api/auth/logout', undefined, { cookie: `${name}=${token}` });
    const [cleared, clearedHint] = setCookies(out);
    for (const [clearedCookie, clearedName] of [
      [cleared, name],
      [clearedHint, hintName],
    ]) {
      expect(clearedCookie).toMatch(new RegExp(`^${clearedName}=;`));
      expect(clearedCookie).toContain('Path=/');
      if (isProduction) expect(clearedCookie).toContain('Secure');
    }
  });
});

describe('a reply that writes a session cookie', () => {
  // Fastify and the cookie plugin alone: a page path, where no API header says no-store beforehand.
  it('is kept by no cache, whatever its path', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    const config = { isProduction: false };
    app.get('/set', (_request, reply) => {
      setSessionCookies(reply.header('cache-control', 'public, max-age=60'), config, 'token', new Date());
      return 'ok';
    });
    app.get('/clear', (_request, reply) => {
      clearSessionCookies(reply.header('cache-control', 'public, max-age=60'), config);
      return 'ok';
    });
    app.get('/stale', (request, reply) => {
      clearStaleSignedInHint(request, reply.header('cache-control', 'public, max-age=60'), config);
      return 'ok';
    });
    try {
      for (const url of ['/set', '/clear']) {
        const reply = await app.inject({ url });
        expect(reply.headers['set-cookie'], url).toBeDefined();
        expect(reply.headers['cache-control'], url).toBe('no-store');
      }
      const stale = await app.inject({ url: '/stale', headers: { cookie: 'sc_signed_in=1' } });
      expect(stale.headers['cache-control']).toBe('no-store');
      // Nothing written, nothing changed.
      const none = await app.inject({ url: '/stale' });
      expect(none.headers['set-cookie']).toBeUndefined();
      expect(none.headers['cache-control']).toBe('public, max-age=60');
    } finally {
      await app.close();
    }
  });
});
