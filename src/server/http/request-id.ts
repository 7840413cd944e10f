import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// A load balancer's or caller's id is kept when it cannot smuggle anything into a log line or a header.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the incoming X-Request-Id when sane, else a fresh UUID. Read from the raw header
 * list: `headers` builds an object of them all, which a health probe answered first never needs.
 * Sent twice, the header is not taken (Node would join the two with a comma).
 */
export function requestIdFor(raw: IncomingMessage): string {
  let given: string | undefined;
  const lines = raw.rawHeaders;
  for (let i = 0; i < lines.length; i += 2) {
    if (lines[i]!.length !== 12 || lines[i]!.toLowerCase() !== 'x-request-id') continue;
    if (given !== undefined) return randomUUID();
    given = lines[i + 1];
  }
  return given !== undefined && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Every reply names its request (X-Request-Id), and Fastify puts the same id (`reqId`) on every log
 * line of the request. First hook of all, so replies refused by later hooks carry it too. A callback
 * hook, as are the others every request passes: an async one costs each request a promise.
 */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
