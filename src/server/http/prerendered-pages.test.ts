import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { get } from '#server/test/http-helpers.ts';
import { createTestApp } from '#server/test/test-app.ts';
import { CONTENT_LANGUAGES } from '#shared/schemas/content.ts';
import { compileContent, escapeHtml } from '../../../scripts/content/compile-content.ts';
import { type Page, prerenderSite } from '../../../scripts/content/prerender.ts';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const compiled = compileContent(path.join(projectRoot, 'content'));
// The built index.html's shape: what the pre-renderer fills in.
const shell = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta name="description" content="SaveCircle: rotating savings circles." />
    <title>SaveCircle</title>
    <script type="module" crossorigin src="/assets/index-1a2b.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-3c4d.js">
    <link rel="stylesheet" crossorigin href="/assets/index-5e6f.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const SITE = 'https://circles.example.org';

const decode = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e as 'amp']!,
  );
const h1Of = (html: string) => decode(/<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? '');
const landingTitle = (lang: string) => `${lang}: Save together`;

/**
 * Stands in for the app's renderer (src/web/prerender/render-page.tsx, which needs the built app): its
 * heading and, like React, a resource hint before the page.
 */
const renderApp = async (page: Page) =>
  `<link rel="preload" as="image" href="/icons/icon.svg"/><main><h1>${escapeHtml(page.title)}</h1></main>`;

// Pages and headers only: one engine is enough.
describe('pre-rendered public pages, sitemap and robots.txt', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let web: Awaited<ReturnType<typeof buildApp>>;
  const webDir = mkdtempSync(path.join(tmpdir(), 'sc-prerendered-'));
  beforeAll(async () => {
    writeFileSync(path.join(webDir, 'index.html'), shell);
    const site = await prerenderSite(
      shell,
      compiled,
      (lang) => ({ title: landingTitle(lang), description: 'circles' }),
      renderApp,
    );
    for (const [file, text] of site) {
      mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
      writeFileSync(path.join(webDir, file), text);
    }
    t = await createTestApp('pglite');
    const config = { ...t.ctx.config, webDir, email: { ...t.ctx.config.email, publicUrl: SITE } };
    web = await buildApp({ ...t.ctx, config });
    await web.ready();
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('every page in every language answers with its own heading, language and head tags, before any script runs', async () => {
    const paths = [
      '/',
      '/help',
      '/blog',
      ...compiled.documents
        .filter((d) => d.lang === 'en')
        .map((d) => `/${d.collection === 'pages' ? '' : `${d.collection}/`}${d.slug}`),
    ];
    expect(paths.length).toBeGreaterThan(20);
    for (const lang of CONTENT_LANGUAGES) {
      for (const pagePath of paths) {
        const reply = await get(web, `${pagePath}${lang === 'en' ? '' : `?lang=${lang}`}`);
        expect(reply.statusCode, pagePath).toBe(200);
        expect(reply.headers['content-type']).toContain('text/html');
        const html = reply.body;
        const slug = pagePath.split('/').pop()!;
        const expected =
          pagePath === '/'
            ? landingTitle(lang)
            : pagePath === '/help' || pagePath === '/blog'
              ? compiled.sections.get(lang)![slug as 'help' | 'blog'].title
              : compiled.documents.find((d) => d.lang === lang && d.slug === slug)!.title;
        expect(h1Of(html), `${lang} ${pagePath}`).toBe(expected);
        expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
        const own = `${SITE}${pagePath}${lang === 'en' ? '' : `?lang=${lang}`}`;
        expect(html).toContain(`<link rel="canonical" href="${own}" />`);
        expect(html).toContain(`<meta property="og:url" content="${own}" />`);
        for (const other of CONTENT_LANGUAGES) expect(html).toContain(`hreflang="${other}"`);
        expect(html).toContain(`hreflang="x-default" href="${SITE}${pagePath}"`);
        expect(html).toContain('<meta name="twitter:card" content="summary" />');
        // One title and one description: the shell's own are replaced, not doubled.
        expect(html.match(/<title>/g)).toHaveLength(1);
        expect(html.match(/<meta name="description"/g)).toHaveLength(1);
        expect(html).not.toContain('__SAVECIRCLE_ORIGIN__');
        // The page is whole without script: the stylesheet and the hints stay in the head, the app's
        // code waits for the loader (public/load-app.js), which names it and its preloads.
        const head = html.slice(0, html.indexOf('</head>'));
        expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-5e6f.css">');
        expect(head).toContain('<link rel="preload" as="image" href="/icons/icon.svg"/>');
        expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
        expect(html).toContain(
          '<script src="/load-app.js" data-module="/assets/index-1a2b.js" data-preload="/assets/react-3c4d.js"></script>',
        );
        // The page's language and the content JSON it shows (fetched with the code, not before).
        const content = /<div id="root" data-prerendered="(\w+)" data-content="([^"]*)"><main><h1>/.exec(
          html,
        );
        expect(content?.[1]).toBe(lang);
        if (pagePath === '/') expect(content?.[2]).toBe('');
        else expect(content?.[2]).toContain(`/content/${lang}/`);
        expect(html).not.toContain('as="fetch"');
      }
    }
  });

  it('an unknown language falls back to English; a path without a page gets the app', async () => {
    expect(h1Of((await get(web, '/help?lang=xx')).body)).toBe(compiled.sections.get('en')!.help.title);
    const unknown = await get(web, '/help/no-such-article');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(shell);
    expect((await get(web, '/dashboard')).body).toBe(shell);
  });

  it('a page is sent compressed as the client accepts: brotli, gzip or as it is', async () => {
    const plain = await web.inject({
      method: 'GET',
      url: '/blog',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await web.inject({ method: 'GET', url: '/blog', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const gzip = await web.inject({
      method: 'GET',
      url: '/blog',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('"/" is the landing page for a visitor, and the app (the dashboard) for a signed-in browser', async () => {
    const visitor = await get(web, '/');
    expect(h1Of(visitor.body)).toBe(landingTitle('en'));
    const signedIn = await web.inject({ method: 'GET', url: '/', headers: { cookie: 'sc_signed_in=1' } });
    expect(signedIn.body).toBe(shell);
    // One address, two pages: a cache must keep one per cookie.
    for (const reply of [visitor, signedIn]) expect(reply.headers.vary).toBe('accept-encoding, cookie');
    // Other public pages are the same for everyone: the app draws over them when signed in.
    const help = await web.inject({ method: 'GET', url: '/help', headers: { cookie: 'sc_signed_in=1' } });
    expect(h1Of(help.body)).toBe(compiled.sections.get('en')!.help.title);
  });

  it('sitemap.xml lists every page in every language with its alternates; robots.txt points to it', async () => {
    const sitemap = await get(web, '/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const pages = compiled.documents.filter((d) => d.lang === 'en').length + 3;
    expect(locations).toHaveLength(pages * CONTENT_LANGUAGES.length);
    expect(locations).toContain(`${SITE}/`);
    expect(locations).toContain(`${SITE}/help`);
    expect(locations).toContain(`${SITE}/blog/what-is-a-rotating-savings-circle?lang=ko`);
    expect(sitemap.body).toContain(
      `<xhtml:link rel="alternate" hreflang="ar" href="${SITE}/pricing?lang=ar"/>`,
    );
    const robots = await get(web, '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
