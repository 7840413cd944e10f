import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localizedPath, ORIGIN_PLACEHOLDER, PRERENDER_DIR } from '#shared/content-pages.ts';
import { hasSignedInHint } from '#shared/signed-in-hint.ts';
import { publicOrigin } from './public-origin.ts';

type Manifest = { pages: { path: string; lastmod?: string }[]; languages: string[] };

/** A page with the site's origin put in, and its compressed copies once a client asked for them. */
export type PrerenderedPage = { html: string; br?: Buffer; gzip?: Buffer };

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The public pages (the landing page and the content pages) pre-rendered at build time, one file per page and language, with the site's
 * origin put in at serve time (it is not known at build time). `?lang=` picks the language, English
 * otherwise: each language has its own address, so search engines index all six (hreflang).
 */
export class PrerenderedPages {
  private readonly paths: Set<string>;
  private readonly cache = new Map<string, PrerenderedPage>();

  private constructor(
    private readonly webDir: string,
    private readonly manifest: Manifest,
  ) {
    this.paths = new Set(manifest.pages.map((page) => page.path));
  }

  /** Null when the build has no pre-rendered pages (an older build, or the web app not built). */
  static load(webDir: string): PrerenderedPages | null {
    const file = path.join(webDir, PRERENDER_DIR, 'manifest.json');
    if (!existsSync(file)) return null;
    return new PrerenderedPages(webDir, JSON.parse(readFileSync(file, 'utf8')) as Manifest);
  }

  /** The page for this request, or null when its path has none. */
  page(request: FastifyRequest): PrerenderedPage | null {
    const url = new URL(request.url, 'http://local');
    const pagePath = url.pathname.replace(/\/+$/, '') || '/';
    if (!this.paths.has(pagePath)) return null;
    // Signed in, "/" is the dashboard, not the landing page: the app draws it.
    if (pagePath === '/' && hasSignedInHint(request.headers.cookie ?? '')) return null;
    const asked = url.searchParams.get('lang');
    const lang = asked && this.manifest.languages.includes(asked) ? asked : 'en';
    const origin = publicOrigin(request);
    const key = `${origin} ${lang}${pagePath}`;
    let page = this.cache.get(key);
    if (page === undefined) {
      const template = readFileSync(path.join(this.webDir, PRERENDER_DIR, lang, `${pagePath}.html`), 'utf8');
      page = { html: template.replaceAll(ORIGIN_PLACEHOLDER, origin) };
      // Bounded: one entry per page, language and origin the site is reached at (a few at most).
      if (this.cache.size < 2_000) this.cache.set(key, page);
    }
    return page;
  }

  /** sitemap.xml: every pre-rendered page in every language, with its alternates. */
  sitemap(request: FastifyRequest): string {
    const origin = publicOrigin(request);
    const at = (pagePath: string, lang: string) => escapeXml(`${origin}${localizedPath(pagePath, lang)}`);
    const urls = this.manifest.pages.flatMap((page) =>
      this.manifest.languages.map((lang) => {
        const alternates = this.manifest.languages
          .map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${at(page.path, other)}"/>`)
          .join('');
        const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : '';
        return `<url><loc>${at(page.path, lang)}</loc>${lastmod}${alternates}</url>`;
      }),
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  }
}

/** robots.txt: everything public may be indexed, the API and signed-in pages say nothing to a crawler. */
export function robotsTxt(request: FastifyRequest): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicOrigin(request)}/sitemap.xml\n`;
}

/** The encodings a client accepts (Accept-Encoding), those it refuses with q=0 left out. */
function accepted(header: string | undefined): Set<string> {
  const codings = (header ?? '').split(',').map((part) =>
    part
      .trim()
      .toLowerCase()
      .split(/\s*;\s*q=/),
  );
  return new Set(codings.filter(([, q]) => q === undefined || Number(q) > 0).map(([coding]) => coding!));
}

/**
 * A pre-rendered page (30–60 KB of HTML), compressed as the static files are: brotli or gzip, made once
 * per page and kept beside it (the origin is put in at serve time, so the build cannot).
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: PrerenderedPage, vary: string) {
  reply.header('cache-control', 'no-cache').header('vary', vary);
  return sendHtml(request, reply, page, 9);
}

/**
 * An HTML page, brotli or gzip as the client accepts: at `brotliQuality` 9 for a page compressed once and
 * kept, lower for one drawn for a single reply. The caller sets the caching headers and Vary.
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PrerenderedPage,
  brotliQuality: number,
) {
  reply.type('text/html; charset=utf-8');
  const codings = accepted(request.headers['accept-encoding']);
  if (codings.has('br')) {
    page.br ??= brotliCompressSync(page.html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    });
    return reply.header('content-encoding', 'br').send(page.br);
  }
  if (codings.has('gzip')) {
    page.gzip ??= gzipSync(page.html, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(page.gzip);
  }
  return reply.send(page.html);
}
