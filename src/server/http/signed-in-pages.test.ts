import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { activeCircle } from '#server/test/circles.ts';
import { cookieFrom, get, newMember, post, type Reply } from '#server/test/http-helpers.ts';
import { createTestApp } from '#server/test/test-app.ts';
import { PRERENDER_DIR } from '#shared/content-pages.ts';
import { SIGNED_IN_RENDERER, SIGNED_IN_RENDERER_DIR, SIGNED_IN_SHELL } from '#shared/signed-in-pages.ts';
import { signedInShell } from '../../../scripts/content/prerender.ts';
import { MAX_DRAWINGS_AT_ONCE } from './signed-in-pages.ts';

// The built index.html's shape.
const shell = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>SaveCircle</title>
    <script src="/theme.js"></script>
    <script type="module" crossorigin src="/assets/index-1a2b.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-5e6f.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * Stands in for the build's renderer (src/web/prerender/render-signed-in.tsx, which needs the built
 * app; the browser journeys run the real one): the same contract, drawing the name and what it was given.
 */
const renderer = `
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
export const userQueryKey = ['user'];
export const drawnLanguages = ['en', 'es', 'fr', 'zh', 'ar', 'ko'];
export function pageReads(pathname, userId) {
  if (pathname === '/dashboard') return [{ url: '/api/user/' + userId + '/dashboard', queryKey: ['dashboard', userId] }];
  const group = /^\\/groups\\/(\\d+)$/.exec(pathname);
  return group ? [{ url: '/api/groups/' + group[1], queryKey: ['groups', 'detail', Number(group[1])] }] : null;
}
export async function renderSignedIn(page) {
  if (page.search === 'fail=1') throw new Error('the renderer broke');
  if (page.search === 'hold=1') {
    globalThis.signedInHeld = (globalThis.signedInHeld ?? 0) + 1;
    await globalThis.signedInRelease;
  }
  const [[, user], [, data]] = page.data;
  return '<main><h1>' + escape(user.fullName) + '</h1><p>' + escape(data.group ? data.group.name : 'dashboard') + '</p></main>';
}
`;

const themeScript = "(() => document.documentElement.classList.toggle('dark', false))();\n";
const styleSheet = '.card{border-radius:1rem}\n';

const pageData = (html: string) => {
  const text = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return text === undefined ? undefined : JSON.parse(text);
};
const isPlainAppPage = (reply: Reply) =>
  reply.statusCode === 200 &&
  reply.headers['cache-control'] === 'no-cache' &&
  reply.body.includes('<div id="root"></div>') &&
  !reply.body.includes('page-data');

// Pages and headers: one engine is enough (the reads are the API's own, tested on both).
describe('signed-in pages drawn on the server (decision 0048)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let web: Awaited<ReturnType<typeof buildApp>>;
  const distDir = mkdtempSync(path.join(tmpdir(), 'sc-signed-in-'));
  const webDir = path.join(distDir, 'web');

  /** Signs a member up through the API and returns the cookies a browser would send. */
  async function browserOf(overrides: Record<string, string> = {}) {
    const reply = await post(web, '/api/auth/register', newMember(overrides));
    expect(reply.statusCode, reply.body).toBe(201);
    const cookie = [cookieFrom(reply, 'sc_session'), cookieFrom(reply, 'sc_signed_in')].join('; ');
    return { id: reply.json().user.id as number, cookie, headers: { cookie } };
  }

  beforeAll(async () => {
    mkdirSync(path.join(webDir, PRERENDER_DIR), { recursive: true });
    mkdirSync(path.join(distDir, SIGNED_IN_RENDERER_DIR));
    writeFileSync(path.join(webDir, 'index.html'), shell);
    writeFileSync(path.join(webDir, 'theme.js'), themeScript);
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets/index-5e6f.css'), styleSheet);
    writeFileSync(path.join(webDir, PRERENDER_DIR, SIGNED_IN_SHELL), signedInShell(shell));
    writeFileSync(path.join(distDir, SIGNED_IN_RENDERER_DIR, SIGNED_IN_RENDERER), renderer);
    t = await createTestApp('pglite');
    web = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDir } });
    await web.ready();
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await t?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("draws a member's dashboard from the API's own replies to their cookie, kept by no cache", async () => {
    const member = await browserOf({ fullName: 'Ama Owusu' });
    const reply = await get(web, '/dashboard', member.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.headers.vary).toContain('cookie');
    expect(reply.body).toContain('<html lang="en" dir="ltr">');
    expect(reply.body).toContain(
      '<div id="root" data-prerendered="en" data-signed-in><main><h1>Ama Owusu</h1>',
    );
    // The app's code comes through the loader, which repeats what the reader did before it ran.
    expect(reply.body).toContain('<script src="/load-app.js" data-module="/assets/index-1a2b.js"');
    expect(reply.body).not.toContain('<script type="module"');
    // The data it was drawn from is what the API answers this member, for the app to start from.
    const user = (await get(web, '/api/user', member.headers)).json();
    const dashboard = (await get(web, `/api/user/${member.id}/dashboard`, member.headers)).json();
    expect(pageData(reply.body)).toEqual([
      [['user'], user],
      [['dashboard', member.id], dashboard],
    ]);
  });

  it('writes the theme script and the style sheet into the page, and lets only that inline script run', async () => {
    const member = await browserOf();
    const drawn = await get(web, '/dashboard', member.headers);
    // Nothing to fetch before the first paint: a phone's round trip each (the files stay cached for the app).
    expect(drawn.body).toContain(`<script>${themeScript}</script>`);
    expect(drawn.body).toContain(`<style>${styleSheet}</style>`);
    expect(drawn.body).not.toContain('src="/theme.js"');
    expect(drawn.body).not.toContain('href="/assets/index-5e6f.css"');
    const hash = createHash('sha256').update(themeScript).digest('base64');
    const scriptSources = /script-src ([^;]*)/.exec(String(drawn.headers['content-security-policy']))?.[1];
    expect(scriptSources?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
    // The app's shell, which the service worker keeps, links them.
    const shellPage = await get(web, '/history', member.headers);
    expect(shellPage.body).toContain('<script src="/theme.js"></script>');
    expect(shellPage.body).toContain('href="/assets/index-5e6f.css"');
  });

  it("draws a circle's page for its members only; anyone else gets the plain app page, which says why", async () => {
    const { members, groupId, detail } = await activeCircle(t, 3);
    // activeCircle signs up through the test app; this browser is one of its members.
    const login = await post(web, '/api/auth/login', {
      username: (await get(web, '/api/user', members[1]!.auth)).json().username,
      password: newMember().password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = [cookieFrom(login, 'sc_session'), cookieFrom(login, 'sc_signed_in')].join('; ');
    const drawn = await get(web, `/groups/${groupId}`, { cookie });
    expect(drawn.headers['cache-control']).toBe('private, no-store');
    expect(drawn.body).toContain(`<p>${detail.group.name}</p>`);
    expect(pageData(drawn.body)[1]).toEqual([['groups', 'detail', groupId], expect.anything()]);

    const outsider = await browserOf();
    const refused = await get(web, `/groups/${groupId}`, outsider.headers);
    expect(isPlainAppPage(refused)).toBe(true);
    expect(refused.body).not.toContain(detail.group.name);
    for (const other of [`/groups/${groupId + 1000}`, '/groups/abc', '/history', '/groups', '/dashboard/'])
      expect(isPlainAppPage(await get(web, other, outsider.headers)), other).toBe(true);
  });

  it('draws nothing for a visitor, a forged hint or an ended session', async () => {
    expect(isPlainAppPage(await get(web, '/dashboard'))).toBe(true);
    expect(isPlainAppPage(await get(web, '/dashboard', { cookie: 'sc_signed_in=1' }))).toBe(true);
    const member = await browserOf();
    await post(web, '/api/auth/logout', undefined, member.headers);
    expect(isPlainAppPage(await get(web, '/dashboard', member.headers))).toBe(true);
  });

  it('draws in the language the app will show: the address, else the one it showed last, else the member’s own', async () => {
    const member = await browserOf({ language: 'ko' });
    const own = await get(web, '/dashboard', { ...member.headers, 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(own.body).toContain('<html lang="ko" dir="ltr">');
    expect(own.body).toContain('data-prerendered="ko"');
    // The language this browser's app showed last, kept in its cookie, before the member's own.
    const shown = await get(web, '/dashboard', { cookie: `${member.cookie}; sc_lang=fr` });
    expect(shown.body).toContain('data-prerendered="fr"');
    const asked = await get(web, '/dashboard?lang=ar', { cookie: `${member.cookie}; sc_lang=fr` });
    expect(asked.body).toContain('<html lang="ar" dir="rtl">');
    expect(asked.body).toContain('data-prerendered="ar"');
  });

  it('keeps data that looks like markup inside its script element', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const member = await browserOf({ fullName: name });
    const reply = await get(web, '/dashboard', member.headers);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(pageData(reply.body)[0][1].fullName).toBe(name);
    expect(reply.body).not.toContain('<script>alert(1)');
  });

  it('sends the plain app page when the renderer fails', async () => {
    const member = await browserOf();
    expect(isPlainAppPage(await get(web, '/dashboard?fail=1', member.headers))).toBe(true);
    // And draws again on the next page: a failure is not kept.
    expect((await get(web, '/dashboard', member.headers)).headers['cache-control']).toBe('private, no-store');
  });

  it(`draws at most ${MAX_DRAWINGS_AT_ONCE} pages at once; past that the plain app page goes out at once`, async () => {
    const member = await browserOf();
    const held = globalThis as { signedInHeld?: number; signedInRelease?: Promise<void> };
    let release = () => {};
    held.signedInHeld = 0;
    held.signedInRelease = new Promise<void>((resolve) => {
      release = resolve;
    });
    const drawing = Array.from({ length: MAX_DRAWINGS_AT_ONCE }, () =>
      get(web, '/dashboard?hold=1', member.headers),
    );
    await expect.poll(() => held.signedInHeld).toBe(MAX_DRAWINGS_AT_ONCE);
    expect(isPlainAppPage(await get(web, '/dashboard', member.headers))).toBe(true);
    release();
    for (const reply of await Promise.all(drawing))
      expect(reply.headers['cache-control']).toBe('private, no-store');
    expect((await get(web, '/dashboard', member.headers)).headers['cache-control']).toBe('private, no-store');
  });
});
