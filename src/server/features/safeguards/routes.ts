import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupIdParam } from '#shared/schemas/groups.ts';
import { pendingActionReply, replies } from '#shared/schemas/replies.ts';
import {
  safeguardParams,
  safeguardsReply,
  safeguardUpdatedReply,
  updateSafeguardSchema,
} from '#shared/schemas/safeguards.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { updateSafeguard } from './update.ts';
import { safeguardsView } from './view.ts';

export async function safeguardRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['safeguards'];

  api.get(
    '/api/groups/:groupId/safeguards',
    { schema: { tags, params: groupIdParam, response: replies({ 200: safeguardsReply }) } },
    async (request) => safeguardsView(app.ctx, signedInUser(request), request.params.groupId),
  );

  api.put(
    '/api/groups/:groupId/safeguards/:ruleId',
    {
      schema: {
        tags,
        params: safeguardParams,
        body: updateSafeguardSchema,
        response: replies({ 200: safeguardUpdatedReply, 202: pendingActionReply }),
      },
    },
    async (request, reply) => {
      const { groupId, ruleId } = request.params;
      const outcome = await updateSafeguard(app.ctx, signedInUser(request), groupId, ruleId, request.body);
      if (outcome.pendingAction)
        return reply.status(202).send({ success: true as const, pendingActionId: outcome.pendingAction.id });
      return { success: true as const, safeguard: outcome.applied! };
    },
  );
}
