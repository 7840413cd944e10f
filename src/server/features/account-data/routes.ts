import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '#server/features/auth/authenticate.ts';
import { linkBase } from '#server/features/auth/links.ts';
import { clearSessionCookies } from '#server/features/auth/session-cookies.ts';
import { errorCatalog } from '#shared/errors.ts';
import {
  accountExportReply,
  calendarFeedCreatedReply,
  calendarFeedStatusReply,
  calendarFileReply,
  calendarTokenParams,
  deleteAccountSchema,
  deletionBlockMessages,
  moneyHistoryCsvReply,
} from '#shared/schemas/account-data.ts';
import { replies, successReply } from '#shared/schemas/replies.ts';
import { calendarFile } from './calendar-file.ts';
import { deleteAccount } from './delete-account.ts';
import { exportAccountData } from './export-data.ts';
import { feedOwner, feedStatus, issueFeedToken, revokeFeed } from './feed-tokens.ts';
import { moneyHistoryCsv } from './money-csv.ts';

const day = (now: Date) => now.toISOString().slice(0, 10);

/** Calendar feed, data export and account deletion (issue 13, decision 0028). */
export async function accountDataRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.database;
  const { clock, config } = app.ctx;
  const perWindow = config.limits.readsPerUserPer10Seconds;

  api.get(
    '/api/calendar/:token.ics',
    {
      schema: {
        tags: ['account-data'],
        summary: 'A private calendar feed (iCalendar); the token in the URL is the credential',
        params: calendarTokenParams,
        produces: ['text/calendar', 'application/json'],
        response: replies({ 200: calendarFileReply }),
      },
      config: {
        public: true,
        // Calendar apps poll every few hours; this stops one feed being hammered. Per token and address,
        // not per address alone: services like Google Calendar fetch everyone's feeds from a few addresses.
        ...(perWindow > 0
          ? {
              rateLimit: {
                max: perWindow,
                timeWindow: 10_000,
                keyGenerator: (request: { ip: string; params: unknown }) =>
                  `calendar-${request.ip}-${String((request.params as { token?: string }).token).slice(0, 64)}`,
              },
            }
          : {}),
      },
    },
    async (request, reply) => {
      const userId = await feedOwner(db, request.params.token, clock.now());
      if (userId === null) return reply.status(404).send(notFound());
      const text = await calendarFile(db, userId, clock.now());
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="savecircle.ics"')
        .send(Buffer.from(text) as never);
    },
  );

  api.get(
    '/api/calendar/feed',
    { schema: { tags: ['account-data'], response: replies({ 200: calendarFeedStatusReply }) } },
    async (request) => feedStatus(db, signedInUser(request).id),
  );

  api.post(
    '/api/calendar/feed',
    { schema: { tags: ['account-data'], response: replies({ 200: calendarFeedCreatedReply }) } },
    async (request) => {
      const now = clock.now();
      const token = await issueFeedToken(db, signedInUser(request).id, now);
      const url = `${linkBase(request)}/api/calendar/${token}.ics`;
      return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: now.toISOString() };
    },
  );

  api.delete(
    '/api/calendar/feed',
    { schema: { tags: ['account-data'], response: replies({ 200: successReply }) } },
    async (request) => {
      await revokeFeed(db, signedInUser(request).id);
      return { success: true as const };
    },
  );

  api.get(
    '/api/account/export',
    { schema: { tags: ['account-data'], response: replies({ 200: accountExportReply }) } },
    async (request, reply) => {
      const now = clock.now();
      reply
        .header('content-disposition', `attachment; filename="savecircle-data-${day(now)}.json"`)
        .header('cache-control', 'no-store');
      return exportAccountData(db, signedInUser(request).id, now);
    },
  );

  api.get(
    '/api/account/export.csv',
    {
      schema: {
        tags: ['account-data'],
        produces: ['text/csv', 'application/json'],
        response: replies({ 200: moneyHistoryCsvReply }),
      },
    },
    async (request, reply) => {
      const csv = await moneyHistoryCsv(db, signedInUser(request).id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="savecircle-money-${day(clock.now())}.csv"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv) as never);
    },
  );

  api.post(
    '/api/account/delete',
    {
      schema: { tags: ['account-data'], body: deleteAccountSchema, response: replies({ 200: successReply }) },
      config: { rateLimit: { max: config.limits.accountLinksPerIpPerHour, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const result = await deleteAccount(db, user.id, request.body.password, { now: clock.now() });
      if (!result.deleted) {
        const { message, status } = errorCatalog.ACCOUNT_DELETION_BLOCKED;
        return reply.status(status).send({
          success: false,
          code: 'ACCOUNT_DELETION_BLOCKED',
          message,
          error: message,
          issues: result.reasons.map((key) => ({
            path: 'reasons',
            key,
            message: deletionBlockMessages[key],
          })),
        } as never);
      }
      clearSessionCookies(reply, config);
      return { success: true as const };
    },
  );
}

function notFound() {
  const { message } = errorCatalog.NOT_FOUND;
  return { success: false, code: 'NOT_FOUND', message, error: message } as never;
}
