import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import {
  bankDebitAcceptedReply,
  bankDebitListReply,
  bankDebitRequestSchema,
} from '#shared/schemas/bank-debits.ts';
import { groupIdParam } from '#shared/schemas/groups.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { listBankDebits } from './list.ts';
import { requestBankDebit } from './request.ts';

export async function bankDebitRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contributions'];
  api.addHook('preHandler', claimIdempotencyKey);

  api.post(
    '/api/groups/:groupId/contributions/bank-debit',
    {
      schema: {
        tags,
        params: groupIdParam,
        body: bankDebitRequestSchema,
        response: replies({ 202: bankDebitAcceptedReply }),
      },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const debit = await requestBankDebit(
        app.ctx,
        signedInUser(request),
        request.params.groupId,
        request.body ?? {},
        typeof key === 'string' ? key : null,
      );
      // Accepted: the money is on its way; the contribution is paid when the bank confirms.
      return reply.status(202).send({
        success: true as const,
        bankDebit: { id: debit.id, contributionId: debit.contributionId, status: debit.status },
      });
    },
  );

  api.get(
    '/api/groups/:groupId/bank-debits',
    { schema: { tags, params: groupIdParam, response: replies({ 200: bankDebitListReply }) } },
    async (request) => listBankDebits(app.ctx, signedInUser(request), request.params.groupId),
  );
}
