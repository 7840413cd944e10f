import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '#server/core/identity.ts';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import { idParam } from '#shared/schemas/groups.ts';
import { replies } from '#shared/schemas/replies.ts';
import {
  groupMemberParams,
  rateMemberReply,
  rateMemberSchema,
  reputationReply,
  warnMemberReply,
  warnMemberSchema,
} from '#shared/schemas/reputation.ts';
import { rateMember } from './rate.ts';
import { groupReputation } from './reputation.ts';
import { warnMember } from './warn.ts';

/** The Reputation tab of /group-management: members' reputation, peer ratings and warnings. */
export async function reputationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reputation'];
  api.addHook('preHandler', claimIdempotencyKey);

  api.get(
    '/api/groups/:id/reputation',
    { schema: { tags, params: idParam, response: replies({ 200: reputationReply }) } },
    async (request) => groupReputation(app.ctx, signedInUser(request), request.params.id),
  );

  // A PUT: sending the same rating again leaves the same one row.
  api.put(
    '/api/groups/:id/ratings/:userId',
    {
      schema: {
        tags,
        params: groupMemberParams,
        body: rateMemberSchema,
        response: replies({ 200: rateMemberReply }),
      },
    },
    async (request) =>
      rateMember(app.ctx, signedInUser(request), request.params.id, request.params.userId, request.body),
  );

  api.post(
    '/api/groups/:id/members/:userId/warnings',
    {
      schema: {
        tags,
        params: groupMemberParams,
        body: warnMemberSchema,
        response: replies({ 201: warnMemberReply }),
      },
      // A retried click must not warn twice: each warning costs reputation.
      config: { idempotent: true },
    },
    async (request, reply) => {
      const result = await warnMember(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.params.userId,
        request.body.reason,
      );
      return reply.code(201).send(result);
    },
  );
}
