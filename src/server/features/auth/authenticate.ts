import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '#server/core/errors.ts';
import { clearStaleSignedInHint, sessionCookieName } from './session-cookies.ts';
import { findSessionUser, type SessionUser } from './sessions.ts';

export { sessionCookieName };

/** The session token from the cookie, or from Authorization, raw (as the spec's client sends it) or Bearer. */
export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '') || null;
  return request.cookies[sessionCookieName(request.server.ctx.config)] || null;
}

export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  const token = sessionToken(request);
  if (!token || token.length > 200) return null;
  const { database, clock, config } = request.server.ctx;
  return findSessionUser(database.db, token, clock.now(), config.session);
}

/**
 * The session's user, looked up once per request: a rate limit that runs before the route's
 * pre-handlers (per-person keys, per-user read limits) and requireUser share the one lookup.
 */
export async function resolveUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.user) request.user = await currentUser(request);
  return request.user;
}

/** The route the page asks who is signed in (src/web/features/auth/queries.ts). */
const IDENTITY_ROUTE = '/api/user';

/** For routes that need a signed-in user; identity comes only from the session. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  const user = await resolveUser(request);
  if (user) return;
  // Only the page's identity check takes the hint back. A tab left open from an ended session keeps
  // polling; its refusals can arrive after the person signed in again, and would clear the new hint.
  if (request.method === 'GET' && request.routeOptions.url === IDENTITY_ROUTE)
    clearStaleSignedInHint(request, reply, request.server.ctx.config);
  throw new AppError('UNAUTHORIZED');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Callable without signing in. Every other /api/ route needs a session. */
    public?: boolean;
  }
}

/** The API's documentation pages, served by @fastify/swagger-ui. */
const PUBLIC_PREFIXES = ['/api/docs'];

/**
 * The one place that decides who may call a route: every /api/ route registered after this needs a
 * signed-in user unless its config says `public: true`. Checked as the request arrives, before its
 * parameters and body are validated, so an anonymous caller learns nothing about what a route
 * accepts, and a new route is protected without anyone remembering to protect it.
 */
export function requireSignInByDefault(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const open = route.config?.public || PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix));
    if (!route.url.startsWith('/api/') || open) return;
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    const check = requireUser as onRequestHookHandler;
    if (!hooks.includes(check)) route.onRequest = [check, ...hooks];
  });
}

/** Routes read the signed-in user from here or from core/identity.ts, where it lives. */
export { signedInUser } from '#server/core/identity.ts';
