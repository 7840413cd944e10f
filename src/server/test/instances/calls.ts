import { type HttpReply, sendJson } from '../crash/http-client.ts';

/** Signing in and joining, as every scenario of the several-instances test does them. */

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

/** POST /api/groups/{id}/join with the circle's invite code, as the person whose headers are given. */
export function join(server: Server, circle: CircleRef, headers: Record<string, string>): Promise<HttpReply> {
  const body = { inviteCode: circle.inviteCode };
  return sendJson(server.baseUrl, 'POST', `/api/groups/${circle.id}/join`, body, headers);
}
