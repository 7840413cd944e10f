import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sessionToken } from '#server/features/auth/authenticate.ts';
import { AppError } from './app-error.ts';

/** Rate-limit key: per signed-in person (a hash of their session token), else per address. */
export function perPerson(request: FastifyRequest) {
  const token = sessionToken(request);
  return token ? createHash('sha256').update(token).digest('hex') : request.ip;
}

/** This app's origin as the browser reached it (behind a proxy: X-Forwarded-Proto/Host, with TRUST_PROXY). */
export function requestOrigin(request: FastifyRequest) {
  const origin = `${request.protocol}://${request.host}`;
  if (!URL.canParse(origin)) throw new AppError('VALIDATION_ERROR', 'Invalid Host header');
  return new URL(origin).origin;
}
