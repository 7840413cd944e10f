import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/core/errors.ts';
import { resolveUser } from '#server/features/auth/authenticate.ts';

/**
 * Rate-limit key: per signed-in person (their user id, so a fresh sign-in does not reset their
 * budget), else per address. Runs before the route's pre-handlers, so it looks the session up itself.
 */
export async function perPerson(request: FastifyRequest) {
  const user = await resolveUser(request);
  return user ? `user:${user.id}` : `ip:${request.ip}`;
}

/** This app's origin as the browser reached it (behind a proxy: X-Forwarded-Proto/Host, with TRUST_PROXY). */
export function requestOrigin(request: FastifyRequest) {
  const origin = `${request.protocol}://${request.host}`;
  if (!URL.canParse(origin)) throw new AppError('VALIDATION_ERROR', 'Invalid Host header');
  return new URL(origin).origin;
}
