import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
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

/** The one logger configuration: the app's requests, its background jobs and start-up use it. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Every `err` (ours, Fastify's, pg-boss's) goes through safeError: no statement values.
    serializers: { err: safeError, error: safeError },
  };
}

/** A logger writing to stdout, or to `stream` (tests read what the app logged from it). */
export function createLogger(level: string, stream?: DestinationStream): Logger {
  return stream ? pino(loggerOptions(level), stream) : pino(loggerOptions(level));
}
