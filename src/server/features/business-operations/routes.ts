import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInOperator } from '#server/core/identity.ts';
import {
  complianceReply,
  financialReply,
  operationsCsvReply,
  operationsPeriodQuerySchema,
  overviewReply,
  riskReply,
  statementQuerySchema,
} from '#shared/schemas/business-operations.ts';
import { replies } from '#shared/schemas/replies.ts';
import { productFunnel } from '../product-events/funnel.ts';
import { supportMetrics } from '../support/support-metrics.ts';
import { blocksCsv, operationsBlocks } from './operations-csv.ts';
import { complianceReport, financialReport, overviewReport, riskReport } from './reports.ts';
import { funnelBlocks, supportBlocks } from './support-funnel-csv.ts';
import { monthWindows, periodWindows } from './windows.ts';

/**
 * /business-operations (spec 001 §2.6, issue 15), operators only: the KPI cards, the financial,
 * compliance and risk tabs for a period against the previous one, the page as CSV and the
 * reports tab's monthly statements. Every figure is an aggregate over the ledger and the records.
 */
export async function businessOperationsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const db = ctx.database.db;
  const tags = ['business-operations'];
  const query = operationsPeriodQuerySchema;

  api.get(
    '/api/operations/overview',
    { schema: { tags, querystring: query, response: replies({ 200: overviewReply }) } },
    async (request, reply) => {
      signedInOperator(request);
      const { period } = request.query;
      reply.header('cache-control', 'no-store');
      return overviewReport(db, period, periodWindows(period, ctx.clock.now()));
    },
  );

  api.get(
    '/api/operations/financial',
    { schema: { tags, querystring: query, response: replies({ 200: financialReply }) } },
    async (request, reply) => {
      signedInOperator(request);
      const { period } = request.query;
      reply.header('cache-control', 'no-store');
      return financialReport(db, period, periodWindows(period, ctx.clock.now()));
    },
  );

  api.get(
    '/api/operations/compliance',
    { schema: { tags, querystring: query, response: replies({ 200: complianceReply }) } },
    async (request, reply) => {
      signedInOperator(request);
      const { period } = request.query;
      reply.header('cache-control', 'no-store');
      return complianceReport(db, period, periodWindows(period, ctx.clock.now()));
    },
  );

  api.get(
    '/api/operations/risk',
    { schema: { tags, querystring: query, response: replies({ 200: riskReply }) } },
    async (request, reply) => {
      signedInOperator(request);
      const { period } = request.query;
      reply.header('cache-control', 'no-store');
      return riskReport(db, period, periodWindows(period, ctx.clock.now()));
    },
  );

  api.get(
    '/api/operations/export.csv',
    {
      schema: {
        tags,
        querystring: query,
        produces: ['text/csv', 'application/json'],
        response: replies({ 200: operationsCsvReply }),
      },
    },
    async (request, reply) => {
      signedInOperator(request);
      const { period } = request.query;
      const now = ctx.clock.now();
      // Every table of the page: its own, then the support tab's and the reports tab's funnel.
      const csv = blocksCsv([
        ...(await operationsBlocks(db, period, periodWindows(period, now))),
        ...supportBlocks(await supportMetrics(db, period, now)),
        ...funnelBlocks(await productFunnel(db, period, now)),
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="business-operations-${period}-${now.toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv) as never);
    },
  );

  api.get(
    '/api/operations/statement.csv',
    {
      schema: {
        tags,
        querystring: statementQuerySchema,
        produces: ['text/csv', 'application/json'],
        response: replies({ 200: operationsCsvReply }),
      },
    },
    async (request, reply) => {
      signedInOperator(request);
      const { month } = request.query;
      // The statement's figures are the page's, over the calendar month against the month before.
      const csv = blocksCsv(await operationsBlocks(db, 'month', monthWindows(month)));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="business-operations-statement-${month}.csv"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv) as never);
    },
  );
}
