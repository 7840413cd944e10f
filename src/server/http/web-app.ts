import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './error-handler.ts';

/**
 * Serves the built React app: hashed assets cached for a year, everything else (index.html, sw.js)
 * revalidated, and any non-API path answered with index.html so the client router shows the page (or
 * its 404). The build writes .br and .gz copies (scripts/lib/compress-web.ts), sent by Accept-Encoding
 * with Vary: Accept-Encoding.
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
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendNotFound(reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
