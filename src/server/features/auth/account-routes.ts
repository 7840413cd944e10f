import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgotPasswordSchema,
  loginResponseSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '#shared/schemas/auth.ts';
import { replies, successReply } from '#shared/schemas/replies.ts';
import { signedInUser } from './authenticate.ts';
import { resendVerification, verifyEmail } from './email-verification.ts';
import { linkBase } from './links.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { toPublicUser } from './public-user.ts';
import { setSessionCookie } from './routes.ts';

/** Forgot and reset password, confirm an email address, resend the confirmation. */
export async function accountLinkRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app.ctx.config;

  api.post(
    '/api/auth/forgot-password',
    {
      schema: { tags: ['auth'], body: forgotPasswordSchema, response: replies({ 200: successReply }) },
      config: { public: true, rateLimit: { max: limits.accountLinksPerIpPerHour, timeWindow: '1 hour' } },
    },
    async (request) => {
      // The same reply whether or not an account has this address (and per address a few an hour).
      await requestPasswordReset(app.ctx, request.body.email, linkBase(request), request.ip);
      return { success: true as const };
    },
  );

  api.post(
    '/api/auth/reset-password',
    {
      schema: { tags: ['auth'], body: resetPasswordSchema, response: replies({ 200: loginResponseSchema }) },
      config: { public: true, rateLimit: { max: limits.accountLinksPerIpPerHour, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const session = await resetPassword(app.ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        base: linkBase(request),
      });
      setSessionCookie(app, reply, session);
      return { success: true as const, sessionId: session.token, user: toPublicUser(session.user) };
    },
  );

  api.post(
    '/api/auth/verify-email',
    {
      schema: { tags: ['auth'], body: verifyEmailSchema, response: replies({ 200: successReply }) },
      config: { public: true, rateLimit: { max: limits.accountLinksPerIpPerHour, timeWindow: '1 hour' } },
    },
    async (request) => {
      await verifyEmail(app.ctx, request.body.token, request.ip, linkBase(request));
      return { success: true as const };
    },
  );

  api.post(
    '/api/auth/resend-verification',
    {
      schema: { tags: ['auth'], response: replies({ 200: successReply }) },
      config: { rateLimit: { max: limits.accountLinksPerIpPerHour, timeWindow: '1 hour' } },
    },
    async (request) => {
      await resendVerification(app.ctx, signedInUser(request), linkBase(request));
      return { success: true as const };
    },
  );
}
