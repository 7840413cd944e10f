import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { replies, successReply } from '#shared/schemas/replies.ts';
import {
  changeEmailSchema,
  changePasswordSchema,
  notificationPreferencesSchema,
  preferenceSwitchSchema,
  profileSchema,
  sessionIdParams,
  sessionsReply,
  unsubscribeReply,
  unsubscribeSchema,
} from '#shared/schemas/settings.ts';
import { changePassword, requestEmailChange, updateProfile } from './account-settings.ts';
import { sessionToken, signedInUser } from './authenticate.ts';
import { listSessions, revokeOtherSessions, revokeOwnSession } from './device-sessions.ts';
import { linkBase } from './links.ts';
import { readPreferences, savePreference, unsubscribe } from './notification-settings.ts';

function tokenOf(request: FastifyRequest): string {
  const token = sessionToken(request);
  if (!token) throw new AppError('UNAUTHORIZED');
  return token;
}

/** /settings: profile, password, email, signed-in devices, notification switches, unsubscribe links. */
export async function settingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app.ctx.config;
  const tags = ['settings'];

  api.patch(
    '/api/user/profile',
    { schema: { tags, body: profileSchema, response: replies({ 200: successReply }) } },
    async (request) => {
      await updateProfile(app.ctx, signedInUser(request).id, request.body, request.ip);
      return { success: true as const };
    },
  );

  api.post(
    '/api/user/password',
    {
      schema: { tags, body: changePasswordSchema, response: replies({ 200: successReply }) },
      config: { rateLimit: { max: limits.loginPerIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      await changePassword(app.ctx, signedInUser(request), request.body, {
        ip: request.ip,
        base: linkBase(request),
        token: tokenOf(request),
      });
      return { success: true as const };
    },
  );

  api.post(
    '/api/user/email',
    {
      schema: { tags, body: changeEmailSchema, response: replies({ 200: successReply }) },
      config: { rateLimit: { max: limits.accountLinksPerIpPerHour, timeWindow: '1 hour' } },
    },
    async (request) => {
      // "We sent a link" whether or not the address is free (account-settings.ts).
      await requestEmailChange(app.ctx, signedInUser(request), request.body, {
        ip: request.ip,
        base: linkBase(request),
        token: tokenOf(request),
      });
      return { success: true as const };
    },
  );

  api.get(
    '/api/user/sessions',
    { schema: { tags, response: replies({ 200: sessionsReply }) } },
    async (request) => ({
      sessions: await listSessions(app.ctx, signedInUser(request).id, tokenOf(request)),
    }),
  );

  api.delete(
    '/api/user/sessions/:sessionId',
    { schema: { tags, params: sessionIdParams, response: replies({ 200: successReply }) } },
    async (request) => {
      await revokeOwnSession(app.ctx, signedInUser(request).id, request.params.sessionId, request.ip);
      return { success: true as const };
    },
  );

  api.post(
    '/api/user/sessions/sign-out-others',
    { schema: { tags, response: replies({ 200: successReply }) } },
    async (request) => {
      await revokeOtherSessions(app.ctx, signedInUser(request).id, tokenOf(request), request.ip);
      return { success: true as const };
    },
  );

  api.get(
    '/api/user/notification-preferences',
    { schema: { tags, response: replies({ 200: notificationPreferencesSchema }) } },
    async (request) => readPreferences(app.ctx, signedInUser(request).id),
  );

  api.put(
    '/api/user/notification-preferences',
    {
      schema: {
        tags,
        body: preferenceSwitchSchema,
        response: replies({ 200: notificationPreferencesSchema }),
      },
    },
    async (request) => savePreference(app.ctx, signedInUser(request).id, request.body, request.ip),
  );

  api.post(
    '/api/notifications/unsubscribe',
    {
      schema: { tags, body: unsubscribeSchema, response: replies({ 200: unsubscribeReply }) },
      config: { public: true, rateLimit: { max: limits.accountLinksPerIpPerHour, timeWindow: '1 hour' } },
    },
    async (request) => ({
      success: true as const,
      kind: await unsubscribe(app.ctx, request.body.token, request.ip),
    }),
  );
}
