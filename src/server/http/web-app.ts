import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { robotsTxtReply, sitemapXmlReply } from '#shared/schemas/metrics.ts';
import { replies } from '#shared/schemas/replies.ts';
import { sendNotFound } from './error-handler.ts';
import { PrerenderedPages, robotsTxt, sendPage } from './prerendered-pages.ts';
import { SignedInPages } from './signed-in-pages.ts';

/**
 * Serves the built React app: hashed assets cached for a year, everything else (index.html, sw.js)
 * revalidated, and any non-API path answered with index.html so the client router shows the page (or
 * its 404). The build writes .br and .gz copies (scripts/lib/compress-web.ts), sent by Accept-Encoding
 * with Vary: Accept-Encoding. The public content pages come pre-rendered (decision 0039), with
 * sitemap.xml and robots.txt for search engines; the dashboard and a circle's page are drawn with the
 * member's data (decision 0048).
 */
export async function registerWebApp(app: FastifyInstance, webDir: string | null) {
  if (!webDir || !existsSync(path.join(webDir, 'index.html'))) {
    if (webDir) app.log.warn({ webDir }, 'web app not built; run `npm run build`');
    app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // One route per file is built at start-up: the .br/.gz copies are found beside their file when sent,
    // and the pre-rendered pages are answered from memory (below), so neither needs routes of its own.
    globIgnore: ['**/*.br', '**/*.gz', 'prerendered/**'],
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const prerendered = PrerenderedPages.load(webDir);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // For crawlers, not the API's clients: not in the OpenAPI document.
  const forCrawlers = { hide: true } as const;
  // A robots.txt the build ships is served as a file; otherwise this one, which names the sitemap.
  if (!existsSync(path.join(webDir, 'robots.txt')))
    typed.get(
      '/robots.txt',
      { schema: { ...forCrawlers, response: replies({ 200: robotsTxtReply }) }, config: { public: true } },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8');
        return robotsTxt(request);
      },
    );
  if (prerendered)
    typed.get(
      '/sitemap.xml',
      { schema: { ...forCrawlers, response: replies({ 200: sitemapXmlReply }) }, config: { public: true } },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8');
        return prerendered.sitemap(request);
      },
    );
  const signedIn = SignedInPages.load(app, webDir);
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendNotFound(reply);
    }
    // "/" is the landing page for a visitor and the app for a signed-in browser: one per cookie.
    const vary = request.url.split('?')[0] === '/' ? 'accept-encoding, cookie' : 'accept-encoding';
    const page = prerendered?.page(request);
    if (page) return sendPage(request, reply, page, vary);
    if (signedIn && (await signedIn.send(request, reply))) return reply;
    return reply.header('cache-control', 'no-cache').header('vary', vary).sendFile('index.html');
  });
}
