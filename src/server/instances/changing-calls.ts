import { type HttpReply, sendJson } from '../crash/http-client.ts';

/**
 * The two calls of this test that issue 10 is changing while it is written, in one place so a merge
 * adapts them here: joining (to need the circle's invite code in the body; today it takes `{}`) and
 * signing in (lockout moving to a per-account counter).
 */

export type Server = { baseUrl: string };
export type CircleRef = { id: number; inviteCode: string };

/** POST /api/auth/login from `address` (X-Forwarded-For, which the servers believe: TRUST_PROXY). */
export function login(
  server: Server,
  credentials: { username: string; password: string },
  address: string,
): Promise<HttpReply> {
  return sendJson(server.baseUrl, 'POST', '/api/auth/login', credentials, { 'x-forwarded-for': address });
}

/** POST /api/groups/{id}/join as the person whose headers are given. */
export function join(server: Server, circle: CircleRef, headers: Record<string, string>): Promise<HttpReply> {
  return sendJson(server.baseUrl, 'POST', `/api/groups/${circle.id}/join`, {}, headers);
}
