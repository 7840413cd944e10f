import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import { SIGNED_IN_HINT_COOKIE } from '#shared/signed-in-hint.ts';

type CookieConfig = Pick<Config, 'isProduction'>;

/**
 * The session cookie's name. In production the `__Host-` prefix makes browsers accept it only when
 * Secure, for Path=/ and without a Domain: no subdomain or plain-http page can plant or shadow it.
 * Development serves plain http on localhost, where such a cookie would be refused.
 */
export function sessionCookieName(config: CookieConfig) {
  return config.isProduction ? '__Host-sc_session' : 'sc_session';
}

function signedInHintName(config: CookieConfig) {
  return config.isProduction ? `__Host-${SIGNED_IN_HINT_COOKIE}` : SIGNED_IN_HINT_COOKIE;
}

/** The attributes both setting and clearing use: a browser drops a clearing cookie that lacks them. */
function attributes(config: CookieConfig) {
  return { sameSite: 'lax' as const, secure: config.isProduction, path: '/' };
}

/**
 * A reply that sets or clears a session cookie is kept by no cache, whatever its path: a shared cache
 * must never hand one person's Set-Cookie to another. Every session cookie is written here.
 */
const keptByNoCache = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The session token (HttpOnly) and, beside it, the page-readable hint that a session exists. */
export function setSessionCookies(reply: FastifyReply, config: CookieConfig, token: string, expires: Date) {
  reply.setCookie(sessionCookieName(config), token, { ...attributes(config), httpOnly: true, expires });
  reply.setCookie(signedInHintName(config), '1', { ...attributes(config), expires });
  keptByNoCache(reply);
}

export function clearSessionCookies(reply: FastifyReply, config: CookieConfig) {
  reply.clearCookie(sessionCookieName(config), { ...attributes(config), httpOnly: true });
  reply.clearCookie(signedInHintName(config), attributes(config));
  keptByNoCache(reply);
}

/** A refused request whose browser still claims a session: its session ended, so the claim goes. */
export function clearStaleSignedInHint(request: FastifyRequest, reply: FastifyReply, config: CookieConfig) {
  if (!request.cookies[signedInHintName(config)]) return;
  reply.clearCookie(signedInHintName(config), attributes(config));
  keptByNoCache(reply);
}
