import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRERENDER_DIR } from '#shared/content-pages.ts';
import { hasSignedInHint } from '#shared/signed-in-hint.ts';
import {
  LANGUAGE_COOKIE,
  SIGNED_IN_DIR,
  SIGNED_IN_LANG,
  SIGNED_IN_RENDERER,
  SIGNED_IN_RENDERER_DIR,
  SIGNED_IN_ROOT,
  SIGNED_IN_SHELL,
} from '#shared/signed-in-pages.ts';
import { withFirstPaintFilesInlined } from './first-paint-files.ts';
import { sendHtml } from './prerendered-pages.ts';

/** What the build's renderer (src/web/prerender/render-signed-in.tsx) offers the server. */
type Renderer = {
  pageReads(pathname: string, userId: number): { url: string; queryKey: readonly unknown[] }[] | null;
  userQueryKey: readonly unknown[];
  drawnLanguages: readonly string[];
  renderSignedIn(page: {
    path: string;
    search: string;
    lang: string;
    data: [readonly unknown[], unknown][];
  }): Promise<string>;
};

/**
 * Drawings at once, at most: one costs tens of milliseconds of CPU (decision 0048), and fifty at once
 * took seconds each. Past this the plain app page goes out, which the browser draws as it always did.
 */
export const MAX_DRAWINGS_AT_ONCE = 2;

/** The paths whose pages the renderer may draw; checked before anything is asked. */
const DRAWN_PATHS = /^\/(?:dashboard|groups\/[^/]+)$/;

/**
 * JSON inside a <script> element: no "<" that could end it, and no line separators that older
 * parsers take for line ends.
 */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The language the browser's app will pick (src/web/i18n): the address's, else the one it showed last
 * (its cookie), else the member's own, else the browser's.
 */
function languageOf(url: URL, memberLanguage: string, request: FastifyRequest, known: readonly string[]) {
  const wanted = [
    url.searchParams.get('lang') ?? '',
    request.cookies[LANGUAGE_COOKIE] ?? '',
    memberLanguage,
    ...String(request.headers['accept-language'] ?? '')
      .split(',')
      .map((part) => part.trim().slice(0, 2).toLowerCase()),
  ];
  return wanted.find((code) => known.includes(code)) ?? 'en';
}

/**
 * The dashboard and a circle's page, drawn on the server with the member's data (decision 0048): a phone
 * shows them before the app's code arrives, and the app then takes them over. Their data comes through
 * the API's own routes (injected, with the reader's cookie and address), so the same checks and limits
 * decide what a page may show. Anything else, or any refusal or failure, gets the plain app page.
 */
export class SignedInPages {
  private renderer: Promise<Renderer> | null = null;
  private drawing = 0;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly shell: string,
    private readonly rendererFile: string,
  ) {}

  /** Null when the build has no renderer (an older build, or the web app not built). */
  static load(app: FastifyInstance, webDir: string): SignedInPages | null {
    const shellFile = path.join(webDir, PRERENDER_DIR, SIGNED_IN_SHELL);
    const rendererFile = path.resolve(webDir, '..', SIGNED_IN_RENDERER_DIR, SIGNED_IN_RENDERER);
    if (!existsSync(shellFile) || !existsSync(rendererFile)) return null;
    const shell = withFirstPaintFilesInlined(readFileSync(shellFile, 'utf8'), webDir);
    return new SignedInPages(app, shell, rendererFile);
  }

  /** Sends the drawn page and says so, or says it did not (the caller sends the plain app page). */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const url = new URL(request.url, 'http://local');
    if (!DRAWN_PATHS.test(url.pathname) || !hasSignedInHint(request.headers.cookie ?? '')) return false;
    if (this.drawing >= MAX_DRAWINGS_AT_ONCE) return false;
    this.drawing += 1;
    try {
      const html = await this.draw(request, url);
      if (html === null) return false;
      // The member's own data: kept by no cache, and never shown to another cookie.
      reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding, cookie');
      sendHtml(request, reply, { html }, 5);
      return true;
    } catch (error) {
      request.log.warn({ err: error, path: url.pathname }, 'signed-in page not drawn; the app draws it');
      return false;
    } finally {
      this.drawing -= 1;
    }
  }

  private async draw(request: FastifyRequest, url: URL): Promise<string | null> {
    const read = (address: string) =>
      this.app.inject({
        method: 'GET',
        url: address,
        remoteAddress: request.ip,
        headers: {
          cookie: request.headers.cookie ?? '',
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        },
      });
    const [renderer, me] = await Promise.all([this.loadRenderer(), read('/api/user')]);
    if (me.statusCode !== 200) return null;
    const user = me.json() as { id: number; language: string };
    const reads = renderer.pageReads(url.pathname, user.id);
    if (!reads) return null;
    const replies = await Promise.all(reads.map((each) => read(each.url)));
    // A circle the member may not see, or any failed read: the app's own page says why.
    if (replies.some((each) => each.statusCode !== 200)) return null;
    const data: [readonly unknown[], unknown][] = [
      [renderer.userQueryKey, user],
      ...reads.map((each, i) => [each.queryKey, replies[i]!.json()] as [readonly unknown[], unknown]),
    ];
    const lang = languageOf(url, user.language, request, renderer.drawnLanguages);
    const appHtml = await renderer.renderSignedIn({
      path: url.pathname,
      search: url.search.slice(1),
      lang,
      data,
    });
    const root =
      `<div id="root" data-prerendered="${lang}" data-signed-in>${appHtml}</div>\n    ` +
      `<script type="application/json" id="page-data">${scriptSafeJson(data)}</script>`;
    return this.shell
      .replace(SIGNED_IN_LANG, lang)
      .replace(SIGNED_IN_DIR, lang === 'ar' ? 'rtl' : 'ltr')
      .replace(SIGNED_IN_ROOT, () => root);
  }

  /** Loaded on the first signed-in page, not at start: an instance that serves none never pays for it. */
  private loadRenderer(): Promise<Renderer> {
    this.renderer ??= import(pathToFileURL(this.rendererFile).href) as Promise<Renderer>;
    return this.renderer;
  }
}
