import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInOperator } from '#server/core/identity.ts';
import { recordProductEvent } from '#server/core/product-events.ts';
import {
  browserEventSchema,
  funnelQuerySchema,
  funnelReply,
  noContentReply,
} from '#shared/schemas/product-events.ts';
import { replies } from '#shared/schemas/replies.ts';
import { resolveUser } from '../auth/authenticate.ts';
import { productFunnel } from './funnel.ts';

/** First-party product events (issue 15, decision 0036): the browser's few, and the operators' funnel. */
export async function productEventRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['product-events'];

  api.post(
    '/api/events',
    {
      schema: { tags, body: browserEventSchema, response: replies({ 204: noContentReply }) },
      // Signed in or not; a page fires a handful at most, so this only stops a flood.
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // Who it was comes from the session only, never from the body (which has just the name).
      const user = await resolveUser(request);
      await recordProductEvent(ctx.database.db, {
        name: request.body.name,
        userId: user?.id ?? null,
        at: ctx.clock.now(),
      });
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/operations/funnel',
    { schema: { tags, querystring: funnelQuerySchema, response: replies({ 200: funnelReply }) } },
    async (request) => {
      signedInOperator(request);
      return productFunnel(ctx.database.db, request.query.period, ctx.clock.now());
    },
  );
}
