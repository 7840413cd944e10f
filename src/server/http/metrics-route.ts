import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { metricsTextReply } from '#shared/schemas/metrics.ts';
import { replies } from '#shared/schemas/replies.ts';
import { UNMATCHED_ROUTE } from './app-metrics.ts';

/** Equal-length digests, so the comparison takes the same time whatever the guess. */
function sameToken(given: string, expected: string) {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Times every answered request under its route pattern, and serves GET /metrics to Prometheus with
 * the bearer token METRICS_TOKEN (no token set: the route does not exist as far as callers can tell).
 */
export function registerMetrics(app: FastifyInstance) {
  // Callback hooks: an async one costs every request a promise.
  app.addHook('onRequest', (_request, reply, done) => {
    app.metrics.requestStarted(reply.raw);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    app.metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      statusCode: reply.statusCode,
      durationMs: reply.elapsedTime,
      ip: request.ip,
      at: new Date(),
    });
    done();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      // For Prometheus, not the API's clients: its own credential, so not in the OpenAPI document.
      schema: { hide: true, response: replies({ 200: metricsTextReply }) },
      config: { public: true },
    },
    async (request, reply) => {
      const expected = app.ctx.config.metricsToken;
      if (!expected) throw new AppError('NOT_FOUND');
      const header = request.headers.authorization ?? '';
      const given = /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] ?? '';
      if (!sameToken(given, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHORIZED');
      }
      const text = await app.metrics.registry.metrics();
      return reply
        .header('content-type', app.metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(Buffer.from(text) as never);
    },
  );
}
