import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/http/app-error.ts';
import { findSessionUser, type SessionUser } from './sessions.ts';

export const SESSION_COOKIE = 'sc_session';

/** The session token from the cookie, or from Authorization, raw (as the spec's client sends it) or Bearer. */
export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '') || null;
  return request.cookies[SESSION_COOKIE] || null;
}

export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  const token = sessionToken(request);
  if (!token || token.length > 200) return null;
  const { database, clock, config } = request.server.ctx;
  return findSessionUser(database.db, token, clock.now(), config.session);
}

/** Pre-handler for routes that need a signed-in user; identity comes only from the session. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  const user = await currentUser(request);
  if (!user) throw new AppError('UNAUTHORIZED');
  request.user = user;
}

export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}
