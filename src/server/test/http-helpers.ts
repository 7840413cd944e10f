import type { FastifyInstance } from 'fastify';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON replies and assert on their shape.
export type Reply = { statusCode: number; headers: Record<string, unknown>; json: () => any; body: string };

export function post(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers }) as Promise<Reply>;
}

export function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers }) as Promise<Reply>;
}

let counter = 0;
/** A valid, unique sign-up payload. */
export function newMember(overrides: Record<string, string> = {}) {
  counter += 1;
  const id = `${process.pid}${counter}`;
  return {
    username: `member${id}`,
    email: `member${id}@example.org`,
    fullName: `Member ${id}`,
    password: 'violet-harbor-2931',
    ...overrides,
  };
}

export function cookieFrom(reply: Reply, name = 'sc_session'): string | undefined {
  const setCookie = reply.headers['set-cookie'];
  const all = Array.isArray(setCookie) ? setCookie : [setCookie];
  const line = all.find((c) => typeof c === 'string' && c.startsWith(`${name}=`)) as string | undefined;
  return line?.split(';')[0];
}

/** Signs a new member up and returns their id and an Authorization header. */
export async function signUp(app: FastifyInstance, overrides: Record<string, string> = {}) {
  const reply = await post(app, '/api/auth/register', newMember(overrides));
  if (reply.statusCode !== 201) throw new Error(`sign-up failed: ${reply.body}`);
  const body = reply.json();
  return {
    id: body.user.id as number,
    fullName: body.user.fullName as string,
    auth: { authorization: body.sessionId as string },
  };
}

export function put(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'PUT', url, payload: payload as object, headers }) as Promise<Reply>;
}

export function del(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'DELETE', url, headers }) as Promise<Reply>;
}
