import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { groupIdParam } from '#shared/schemas/groups.ts';
import { approveActionReply, pendingActionsReply } from '#shared/schemas/pending-actions.ts';
import { replies } from '#shared/schemas/replies.ts';
import { actionParams, approveActionSchema } from '#shared/schemas/safeguards.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { approveAction } from './approve.ts';
import { listPendingActions } from './list.ts';

export async function pendingActionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['safeguards'];

  api.get(
    '/api/groups/:groupId/actions',
    { schema: { tags, params: groupIdParam, response: replies({ 200: pendingActionsReply }) } },
    async (request) => listPendingActions(app.ctx, signedInUser(request), request.params.groupId),
  );

  api.post(
    '/api/groups/:groupId/actions/:actionId/approve',
    {
      schema: {
        tags,
        params: actionParams,
        body: approveActionSchema,
        response: replies({ 200: approveActionReply }),
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (request.body?.userId !== undefined && request.body.userId !== user.id)
        throw new AppError('FORBIDDEN');
      const outcome = await approveAction(app.ctx, user, request.params.groupId, request.params.actionId);
      return { success: true as const, ...outcome };
    },
  );
}
