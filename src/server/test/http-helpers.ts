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
