import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '#server/features/auth/authenticate.ts';
import { idParam } from '#shared/schemas/groups.ts';
import {
  circleStatementCsvReply,
  circleStatementReply,
  managementSummaryReply,
} from '#shared/schemas/management.ts';
import { replies } from '#shared/schemas/replies.ts';
import { circleStatement } from './statement.ts';
import { statementCsv } from './statement-csv.ts';
import { managementSummary } from './summary.ts';

/** Group management's summary cards and the circle statement (Generate Reports). */
export async function managementRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['management'];

  api.get(
    '/api/groups/:id/management-summary',
    { schema: { tags, params: idParam, response: replies({ 200: managementSummaryReply }) } },
    async (request) => managementSummary(app.ctx, signedInUser(request), request.params.id),
  );

  api.get(
    '/api/groups/:id/statement',
    { schema: { tags, params: idParam, response: replies({ 200: circleStatementReply }) } },
    async (request, reply) => {
      const statement = await circleStatement(app.ctx, signedInUser(request), request.params.id);
      // Money of every member: not for shared caches.
      reply.header('cache-control', 'no-store');
      return statement;
    },
  );

  api.get(
    '/api/groups/:id/statement.csv',
    {
      schema: {
        tags,
        params: idParam,
        produces: ['text/csv', 'application/json'],
        response: replies({ 200: circleStatementCsvReply }),
      },
    },
    async (request, reply) => {
      const statement = await circleStatement(app.ctx, signedInUser(request), request.params.id);
      const day = statement.generatedAt.slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="savecircle-statement-${statement.group.id}-${day}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(statementCsv(statement)) as never);
    },
  );
}
