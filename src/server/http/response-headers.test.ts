import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { get, newMember, post, type Reply } from '#server/test/http-helpers.ts';
import { createTestApp } from '#server/test/test-app.ts';

// Headers only: one engine is enough.
describe('cache and permission headers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let web: Awaited<ReturnType<typeof buildApp>>;
  const webDir = mkdtempSync(path.join(tmpdir(), 'sc-web-'));
  beforeAll(async () => {
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SaveCircle</title>');
    writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    t = await createTestApp('pglite');
    // The same app serving a built web app, as in production.
    web = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDir } });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const noStore = (reply: Reply) =>
    expect(reply.headers['cache-control'], String(reply.statusCode)).toBe('no-store');

  it('no authenticated or session-touching API reply may be stored by a cache', async () => {
    const member = newMember();
    const registered = await post(t.app, '/api/auth/register', member);
    expect(registered.statusCode).toBe(201);
    noStore(registered);
    const auth = { authorization: registered.json().sessionId as string };
    const loggedIn = await post(t.app, '/api/auth/login', {
      username: member.username,
      password: member.password,
    });
    noStore(loggedIn);
    const me = await get(t.app, '/api/user', auth);
    expect(me.statusCode).toBe(200);
    noStore(me);
    noStore(await get(t.app, `/api/user/${me.json().id}/dashboard`, auth));
    noStore(await get(t.app, '/api/user-bank-accounts', auth));
    noStore(await get(t.app, '/api/user'));
    noStore(await get(t.app, '/api/groups/999999', auth));
    noStore(await post(t.app, '/api/auth/logout', undefined, auth));
  });

  it('static assets keep their own caching', async () => {
    const asset = await get(web, '/assets/app-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get(web, '/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('every page and file turns off browser features the app does not use', async () => {
    const replies = [
      await get(web, '/assets/app-1a2b3c.js'),
      await get(web, '/'),
      await get(web, '/dashboard'),
    ];
    for (const reply of replies) {
      const policy = String(reply.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy, String(reply.statusCode)).toContain(`${feature}=()`);
    }
  });
});
