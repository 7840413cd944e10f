import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { historyQuerySchema, historyReply } from '#shared/schemas/history.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { historyEntries } from './history-entries.ts';

/** The user's own money history across all groups: contributions, payouts received, late penalties. */
export async function historyRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/history',
    {
      schema: {
        tags: ['history'],
        querystring: historyQuerySchema,
        response: replies({ 200: historyReply }),
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { entries: await historyEntries(db, user.id, request.query) };
    },
  );
}
