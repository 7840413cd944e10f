import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import {
  disputeOpenedReply,
  disputeResolvedReply,
  escrowReleasedReply,
  escrowReleasePendingReply,
  escrowTransactionsReply,
  escrowViewReply,
} from '#shared/schemas/escrow.ts';
import { groupIdParam } from '#shared/schemas/groups.ts';
import { replies } from '#shared/schemas/replies.ts';
import {
  disputeIdParam,
  escrowIdParam,
  openDisputeSchema,
  releaseEscrowSchema,
  resolveDisputeSchema,
} from '#shared/schemas/safeguards.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { openDispute, resolveDispute } from './disputes.ts';
import { escrowTransactions } from './escrow-transactions.ts';
import { escrowView } from './escrow-view.ts';
import { releaseEscrowById } from './release-route.ts';

export async function escrowRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['escrow'];
  api.addHook('preHandler', claimIdempotencyKey);

  api.get(
    '/api/groups/:groupId/escrow',
    { schema: { tags, params: groupIdParam, response: replies({ 200: escrowViewReply }) } },
    async (request) => escrowView(app.ctx, signedInUser(request), request.params.groupId),
  );

  api.get(
    '/api/escrow/:escrowId/transactions',
    { schema: { tags, params: escrowIdParam, response: replies({ 200: escrowTransactionsReply }) } },
    async (request) => escrowTransactions(app.ctx, signedInUser(request), request.params.escrowId),
  );

  api.post(
    '/api/escrow/release',
    {
      schema: {
        tags,
        body: releaseEscrowSchema,
        response: replies({ 200: escrowReleasedReply, 202: escrowReleasePendingReply }),
      },
      config: { idempotent: true },
    },
    async (request, reply) => {
      const admin = signedInUser(request);
      if (request.body.authorizedBy !== undefined && request.body.authorizedBy !== admin.id)
        throw new AppError('FORBIDDEN');
      const outcome = await releaseEscrowById(app.ctx, admin, request.body.escrowId);
      if ('pendingAction' in outcome)
        return reply.status(202).send({ success: true as const, pendingActionId: outcome.pendingAction.id });
      return { success: true as const, payoutId: outcome.released.id, cycle: outcome.released.cycle };
    },
  );

  api.post(
    '/api/escrow/:escrowId/disputes',
    {
      schema: {
        tags,
        params: escrowIdParam,
        body: openDisputeSchema,
        response: replies({ 201: disputeOpenedReply }),
      },
    },
    async (request, reply) => {
      const dispute = await openDispute(
        app.ctx,
        signedInUser(request),
        request.params.escrowId,
        request.body.reason,
      );
      return reply.status(201).send({ success: true as const, disputeId: dispute.id });
    },
  );

  api.post(
    '/api/escrow/disputes/:disputeId/resolve',
    {
      schema: {
        tags,
        params: disputeIdParam,
        body: resolveDisputeSchema,
        response: replies({ 200: disputeResolvedReply }),
      },
    },
    async (request) => {
      const dispute = await resolveDispute(
        app.ctx,
        signedInUser(request),
        request.params.disputeId,
        request.body.resolution,
      );
      return { success: true as const, disputeId: dispute.id, status: dispute.status };
    },
  );
}
