import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInOperator } from '#server/core/identity.ts';
import { monitoringQuery, monitoringReply } from '#shared/schemas/monitoring.ts';
import { replies } from '#shared/schemas/replies.ts';
import { jobRetryParams, jobRetryReply, ledgerCheckReply } from '#shared/schemas/system-admin.ts';
import { retryJob } from './failed-jobs.ts';
import { runLedgerCheck } from './ledger-check.ts';
import { monitoringView } from './monitoring-view.ts';
import { createRequestRecorder } from './request-recorder.ts';

/** Each process adds its figures this often; the dashboard refreshes every 30 seconds. */
const FLUSH_EVERY_MS = 5000;

/** The system dashboard's figures (spec 001 §2.5, §7): operators only. */
export async function monitoringRoutes(app: FastifyInstance) {
  const recorder = createRequestRecorder(app.ctx.database.db, { activeConnections: app.metrics.inFlight });
  app.metrics.onRequest(recorder.record);
  const flush = () =>
    recorder.flush().catch((err: unknown) => app.log.warn({ err }, 'could not write the request figures'));
  const timer = setInterval(() => void flush(), FLUSH_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
    recorder.stop();
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/monitoring',
    {
      schema: { tags: ['system'], querystring: monitoringQuery, response: replies({ 200: monitoringReply }) },
    },
    async (request) => {
      signedInOperator(request);
      // This process's latest figures first, so what was just done shows at once.
      await flush();
      return monitoringView(app.ctx, request.query.timeframe);
    },
  );

  api.post(
    '/api/admin/jobs/:queue/:jobId/retry',
    { schema: { tags: ['system'], params: jobRetryParams, response: replies({ 200: jobRetryReply }) } },
    async (request) => {
      const operator = signedInOperator(request);
      return retryJob(app.ctx, operator, { ...request.params, ip: request.ip });
    },
  );

  api.post(
    '/api/admin/ledger-check',
    { schema: { tags: ['system'], response: replies({ 200: ledgerCheckReply }) } },
    async (request) => runLedgerCheck(app.ctx, signedInOperator(request), request.ip),
  );
}
