import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Engine } from '#server/db/client.ts';
import { requestIdFor } from '#server/http/request-id.ts';
import { healthReply } from '#shared/schemas/health.ts';

/**
 * `GET /api/health` answered before Fastify sees it (decision 0059), when the answer is known: the
 * database answered a probe within the last second and the app is `serving` (not closing, not under
 * pressure). Same body and headers as the route's; not logged nor counted per request. Anything else
 * (another method, a query string, a stale probe, a refusal) answers false and goes to the route.
 */
export function healthAnswerFirst(options: {
  engine: Engine;
  recentlyHealthy: () => boolean;
  serving: () => boolean;
  /** The headers every API reply carries (http/security.ts). */
  apiHeaders: Record<string, string>;
}) {
  const body = Buffer.from(JSON.stringify(healthReply.parse({ status: 'ok', database: options.engine })));
  const headers = [
    ...Object.entries(options.apiHeaders).flat(),
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    String(body.length),
  ];
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' || request.url !== '/api/health') return false;
    if (!options.recentlyHealthy() || !options.serving()) return false;
    response.writeHead(200, [...headers, 'x-request-id', requestIdFor(request)]);
    response.end(body);
    return true;
  };
}
