import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupIdParam } from '#shared/schemas/groups.ts';
import {
  memberPathParams,
  memberRoleReply,
  membersReply,
  ownershipTransferChangeReply,
  ownershipTransferReply,
  setMemberRoleSchema,
  startOwnershipTransferSchema,
} from '#shared/schemas/members.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { listMembers } from './member-list.ts';
import { answerOwnership, cancelOwnershipOffer, offerOwnership, viewOpenTransfer } from './ownership.ts';
import { setMemberRole } from './roles.ts';

/** The Members tab's member records and role change (spec 001 §7), and Transfer Admin. */
export async function memberRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['members'];

  api.get(
    '/api/groups/:groupId/members',
    { schema: { tags, params: groupIdParam, response: replies({ 200: membersReply }) } },
    async (request) => listMembers(app.ctx, signedInUser(request), request.params.groupId),
  );

  api.put(
    '/api/groups/:groupId/members/:userId/role',
    {
      schema: {
        tags,
        params: memberPathParams,
        body: setMemberRoleSchema,
        response: replies({ 200: memberRoleReply }),
      },
    },
    async (request) => {
      const { groupId, userId } = request.params;
      const changed = await setMemberRole(app.ctx, signedInUser(request), groupId, userId, request.body.role);
      return { success: true as const, ...changed };
    },
  );

  api.get(
    '/api/groups/:groupId/ownership-transfer',
    { schema: { tags, params: groupIdParam, response: replies({ 200: ownershipTransferReply }) } },
    async (request) => ({
      transfer: await viewOpenTransfer(app.ctx, signedInUser(request), request.params.groupId),
    }),
  );

  api.post(
    '/api/groups/:groupId/ownership-transfer',
    {
      schema: {
        tags,
        params: groupIdParam,
        body: startOwnershipTransferSchema,
        response: replies({ 200: ownershipTransferChangeReply }),
      },
    },
    async (request) => ({
      success: true as const,
      transfer: await offerOwnership(
        app.ctx,
        signedInUser(request),
        request.params.groupId,
        request.body.toUserId,
      ),
    }),
  );

  for (const [answer, accept] of [
    ['accept', true],
    ['decline', false],
  ] as const)
    api.post(
      `/api/groups/:groupId/ownership-transfer/${answer}`,
      { schema: { tags, params: groupIdParam, response: replies({ 200: ownershipTransferChangeReply }) } },
      async (request) => ({
        success: true as const,
        transfer: await answerOwnership(app.ctx, signedInUser(request), request.params.groupId, accept),
      }),
    );

  api.delete(
    '/api/groups/:groupId/ownership-transfer',
    { schema: { tags, params: groupIdParam, response: replies({ 200: ownershipTransferChangeReply }) } },
    async (request) => ({
      success: true as const,
      transfer: await cancelOwnershipOffer(app.ctx, signedInUser(request), request.params.groupId),
    }),
  );
}
