import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginResponseSchema, loginSchema, publicUserSchema, registerSchema } from '#shared/schemas/auth.ts';
import { replies, successReply } from '#shared/schemas/replies.ts';
import { login, logout, register, type SignedIn } from './auth-service.ts';
import { sessionToken, signedInUser } from './authenticate.ts';
import { linkBase } from './links.ts';
import { toPublicUser } from './public-user.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts';

function meta(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    previousToken: sessionToken(request),
    base: linkBase(request),
  };
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, session: SignedIn) {
  setSessionCookies(reply, app.ctx.config, session.token, session.expiresAt);
}

export async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app.ctx.config;

  api.post(
    '/api/auth/register',
    {
      schema: { tags: ['auth'], body: registerSchema, response: replies({ 201: loginResponseSchema }) },
      config: { public: true, rateLimit: { max: limits.registerPerIpPerHour, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const session = await register(app.ctx, request.body, meta(request));
      setSessionCookie(app, reply, session);
      return reply
        .status(201)
        .send({ success: true, sessionId: session.token, user: toPublicUser(session.user) });
    },
  );

  api.post(
    '/api/auth/login',
    {
      schema: { tags: ['auth'], body: loginSchema, response: replies({ 200: loginResponseSchema }) },
      config: { public: true, rateLimit: { max: limits.loginPerIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const session = await login(app.ctx, request.body, meta(request));
      setSessionCookie(app, reply, session);
      return { success: true as const, sessionId: session.token, user: toPublicUser(session.user) };
    },
  );

  api.post(
    '/api/auth/logout',
    // Signing out needs no live session: an expired one is cleared all the same.
    {
      schema: { tags: ['auth'], response: replies({ 200: successReply }) },
      config: { public: true },
    },
    async (request, reply) => {
      await logout(app.ctx, sessionToken(request), meta(request));
      clearSessionCookies(reply, app.ctx.config);
      return { success: true as const };
    },
  );

  api.get(
    '/api/user',
    { schema: { tags: ['auth'], response: replies({ 200: publicUserSchema }) } },
    async (request) => toPublicUser(signedInUser(request)),
  );
}
