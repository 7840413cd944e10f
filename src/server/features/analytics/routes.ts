import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localToday } from '#server/circle/schedule.ts';
import { AppError } from '#server/core/errors.ts';
import { emailLanguage } from '#server/email/languages.ts';
import {
  analyticsCsvReply,
  analyticsReply,
  contributionsQuerySchema,
  contributionsReply,
  reportCsvQuerySchema,
  reportScheduleChangeReply,
  reportScheduleParams,
  reportSchedulesReply,
  setReportScheduleSchema,
  statementQuerySchema,
} from '#shared/schemas/analytics.ts';
import { userIdParam } from '#shared/schemas/dashboard.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { loadAnalytics } from './analytics-figures.ts';
import { listContributions } from './contribution-list.ts';
import { csvWordsIn } from './csv-words.ts';
import { analyticsCsv } from './report-csv.ts';
import { listReportSchedules, setReportSchedule } from './report-schedules.ts';
import { statementCsv, statementEntries } from './statement.ts';

/** /analytics: the member's own contributions, figures, report, statements and scheduled reports. */
export async function analyticsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.database;
  const tags = ['analytics'];

  // The spec's path carries the user id; only one's own contributions are served.
  api.get(
    '/api/user/:userId/contributions',
    {
      schema: {
        tags,
        params: userIdParam,
        querystring: contributionsQuerySchema,
        response: replies({ 200: contributionsReply }),
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.params.userId !== user.id) throw new AppError('FORBIDDEN');
      reply.header('cache-control', 'no-store');
      return listContributions(db, user, request.query, app.ctx.clock.now());
    },
  );

  api.get(
    '/api/user/analytics',
    { schema: { tags, response: replies({ 200: analyticsReply }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loadAnalytics(db, signedInUser(request), app.ctx.clock.now());
    },
  );

  api.get(
    '/api/user/analytics/report.csv',
    {
      schema: {
        tags,
        querystring: reportCsvQuerySchema,
        produces: ['text/csv', 'application/json'],
        response: replies({ 200: analyticsCsvReply }),
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const now = app.ctx.clock.now();
      const words = csvWordsIn(request.query.lang ?? emailLanguage(user.language));
      const report = await loadAnalytics(db, user, now);
      // Named after the member's own date, as the JSON file of the Export Report button is.
      const day = localToday(now, user.timeZone);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(analyticsCsv(report, words)) as never);
    },
  );

  api.get(
    '/api/user/analytics/statement.csv',
    {
      schema: {
        tags,
        querystring: statementQuerySchema,
        produces: ['text/csv', 'application/json'],
        response: replies({ 200: analyticsCsvReply }),
      },
    },
    async (request, reply) => {
      const { from, to, lang } = request.query;
      const user = signedInUser(request);
      const statement = await statementEntries(db, user, from, to);
      const words = csvWordsIn(lang ?? emailLanguage(user.language));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(statementCsv(from, to, statement, words)) as never);
    },
  );

  api.get(
    '/api/user/report-schedules',
    { schema: { tags, response: replies({ 200: reportSchedulesReply }) } },
    async (request) => ({ schedules: await listReportSchedules(db, signedInUser(request).id) }),
  );

  api.put(
    '/api/user/report-schedules/:kind',
    {
      schema: {
        tags,
        params: reportScheduleParams,
        body: setReportScheduleSchema,
        response: replies({ 200: reportScheduleChangeReply }),
      },
    },
    async (request) => ({
      success: true as const,
      schedule: await setReportSchedule(
        db,
        signedInUser(request).id,
        request.params.kind,
        request.body.active,
        app.ctx.clock.now(),
      ),
    }),
  );
}
