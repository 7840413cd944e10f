import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { batchedStdout } from './batched-stdout.ts';
import { safeError } from './safe-error.ts';

/**
 * Credentials that must never reach a log whatever logs them: the session token in its headers,
 * a cookie being set, and fields that carry passwords or tokens should some object be logged whole.
 * (Idempotency-Key is no secret: it only names a request.)
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'sessionId',
  '*.sessionId',
  'clientSecret',
  '*.clientSecret',
];

type LoggedRequest = {
  method?: string;
  url?: string;
  ip?: string;
  params?: unknown;
  routeOptions?: { url?: string };
};

/**
 * A request as logged: the route's pattern (`GET /api/groups/invite/:code`) with its numeric ids,
 * never the raw URL, whose path may carry an invite code or a session reference and whose query
 * anything at all. A path that matched no route is logged without its query.
 */
export function requestLine(request: LoggedRequest) {
  const route = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const ids = Object.entries(params).filter(([, value]) => /^\d{1,15}$/.test(String(value)));
  return {
    method: request.method,
    url: route ?? request.url?.split('?')[0],
    ...(ids.length > 0 ? { ids: Object.fromEntries(ids.map(([key, value]) => [key, Number(value)])) } : {}),
    remoteAddress: request.ip,
  };
}

/** The one logger configuration: the app's requests, its background jobs and start-up use it. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Every `err` (ours, Fastify's, pg-boss's) goes through safeError: no statement values.
    serializers: { err: safeError, error: safeError, req: requestLine },
  };
}

/**
 * A logger writing to stdout (a turn's lines in one write: batched-stdout.ts), or to `stream` (tests read
 * what the app logged from it).
 */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  return pino(loggerOptions(level), stream ?? batchedStdout());
}
