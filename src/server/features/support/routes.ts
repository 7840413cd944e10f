import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInOperator, signedInUser } from '#server/core/identity.ts';
import { replies } from '#shared/schemas/replies.ts';
import {
  contactFormTokenReply,
  contactReply,
  contactRequestSchema,
  myTicketsReply,
  supportMetricsQuerySchema,
  supportMetricsReply,
  ticketAnswerSchema,
  ticketIdParams,
  ticketListQuerySchema,
  ticketListReply,
  ticketReply,
  ticketStatusChangeSchema,
} from '#shared/schemas/support.ts';
import { resolveUser } from '../auth/authenticate.ts';
import { contactFormToken } from './form-token.ts';
import { myTickets } from './my-tickets.ts';
import { answerTicket, assignToSelf, listTickets, setTicketStatus, viewTicket } from './operator-tickets.ts';
import { submitTicket } from './submit-ticket.ts';
import { supportMetrics } from './support-metrics.ts';

/** The contact form (PRODUCT.md "Contact form"), the sender's own requests and the operators' support desk. */
export async function supportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['support'];

  api.get(
    '/api/contact/form-token',
    {
      schema: { tags, response: replies({ 200: contactFormTokenReply }) },
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ formToken: contactFormToken(ctx.config.payments.fingerprintSecret, ctx.stopwatch.now()) }),
  );

  api.post(
    '/api/contact',
    {
      schema: { tags, body: contactRequestSchema, response: replies({ 200: contactReply }) },
      config: {
        public: true,
        rateLimit: { max: ctx.config.limits.contactPerIpPerHour, timeWindow: '1 hour' },
      },
    },
    async (request) => ({
      success: true as const,
      ticketId: await submitTicket(ctx, await resolveUser(request), request.body),
    }),
  );

  api.get(
    '/api/support/my-tickets',
    { schema: { tags, response: replies({ 200: myTicketsReply }) } },
    async (request) => ({ tickets: await myTickets(ctx.database.db, signedInUser(request).id) }),
  );

  api.get(
    '/api/operations/support/tickets',
    { schema: { tags, querystring: ticketListQuerySchema, response: replies({ 200: ticketListReply }) } },
    async (request) => {
      signedInOperator(request);
      return listTickets(ctx, request.query);
    },
  );

  api.get(
    '/api/operations/support/tickets/:ticketId',
    { schema: { tags, params: ticketIdParams, response: replies({ 200: ticketReply }) } },
    async (request) => {
      signedInOperator(request);
      return { ticket: await viewTicket(ctx.database.db, request.params.ticketId) };
    },
  );

  api.post(
    '/api/operations/support/tickets/:ticketId/assign',
    { schema: { tags, params: ticketIdParams, response: replies({ 200: ticketReply }) } },
    async (request) => ({
      ticket: await assignToSelf(ctx, signedInOperator(request), request.params.ticketId),
    }),
  );

  api.post(
    '/api/operations/support/tickets/:ticketId/replies',
    {
      schema: {
        tags,
        params: ticketIdParams,
        body: ticketAnswerSchema,
        response: replies({ 200: ticketReply }),
      },
    },
    async (request) => ({
      ticket: await answerTicket(ctx, signedInOperator(request), request.params.ticketId, request.body.body),
    }),
  );

  api.put(
    '/api/operations/support/tickets/:ticketId/status',
    {
      schema: {
        tags,
        params: ticketIdParams,
        body: ticketStatusChangeSchema,
        response: replies({ 200: ticketReply }),
      },
    },
    async (request) => ({
      ticket: await setTicketStatus(
        ctx,
        signedInOperator(request),
        request.params.ticketId,
        request.body.status,
      ),
    }),
  );

  api.get(
    '/api/operations/support/metrics',
    {
      schema: {
        tags,
        querystring: supportMetricsQuerySchema,
        response: replies({ 200: supportMetricsReply }),
      },
    },
    async (request) => {
      signedInOperator(request);
      return supportMetrics(ctx.database.db, request.query.period, ctx.clock.now());
    },
  );
}
