import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import { replies } from '#shared/schemas/replies.ts';
import {
  requestWithdrawalSchema,
  walletViewSchema,
  withdrawalListReply,
  withdrawalRequestedReply,
} from '#shared/schemas/withdrawals.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { listWithdrawals, toWithdrawalView, walletView } from './list.ts';
import { requestWithdrawal } from './request.ts';

export async function withdrawalRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['withdrawals'];
  api.addHook('preHandler', claimIdempotencyKey);

  api.get(
    '/api/wallet',
    { schema: { tags, response: replies({ 200: walletViewSchema }) } },
    async (request) => walletView(app.ctx, signedInUser(request).id),
  );

  api.get(
    '/api/withdrawals',
    { schema: { tags, response: replies({ 200: withdrawalListReply }) } },
    async (request) => listWithdrawals(app.ctx, signedInUser(request).id),
  );

  api.post(
    '/api/withdrawals/request',
    {
      schema: { tags, body: requestWithdrawalSchema, response: replies({ 201: withdrawalRequestedReply }) },
      config: { idempotent: true, leavesSessionAlone: true },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.body.userId !== undefined && request.body.userId !== user.id)
        throw new AppError('FORBIDDEN');
      const { withdrawal, bank } = await requestWithdrawal(
        app.ctx,
        user,
        request.body,
        request.idempotency?.key,
      );
      return reply.status(201).send({
        success: true as const,
        withdrawal: toWithdrawalView(withdrawal, bank),
        wallet: await walletView(app.ctx, user.id),
      });
    },
  );
}
