import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import { idParam } from '#shared/schemas/groups.ts';
import {
  memberParams,
  myDebtsReply,
  payDebtReply,
  removalPreviewReply,
  removalReply,
} from '#shared/schemas/membership.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { myDebts, payDebt } from './debts.ts';
import { leaveGroup, removalPreview, removeMember } from './departures.ts';

/** Leaving and removal (docs/decisions/0029) and the debts to a circle's reserve they leave behind. */
export async function membershipRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['membership'];
  api.addHook('preHandler', claimIdempotencyKey);
  // These move money and free seats: a retried click must not act twice.
  const idempotent = { idempotent: true };

  api.get(
    '/api/groups/:groupId/members/:userId/removal-preview',
    { schema: { tags, params: memberParams, response: replies({ 200: removalPreviewReply }) } },
    async (request) =>
      removalPreview(app.ctx, signedInUser(request), request.params.groupId, request.params.userId),
  );

  api.delete(
    '/api/groups/:groupId/members/:userId',
    { schema: { tags, params: memberParams, response: replies({ 200: removalReply }) }, config: idempotent },
    async (request) => {
      const result = await removeMember(
        app.ctx,
        signedInUser(request),
        request.params.groupId,
        request.params.userId,
      );
      return {
        success: true as const,
        message: result.status === 'pending' ? 'Removal waiting for the members’ approval' : 'Member Removed',
        ...result,
      };
    },
  );

  api.post(
    '/api/groups/:id/leave',
    { schema: { tags, params: idParam, response: replies({ 200: removalReply }) }, config: idempotent },
    async (request) => {
      const result = await leaveGroup(app.ctx, signedInUser(request), request.params.id);
      return { success: true as const, message: 'You left the circle', ...result };
    },
  );

  api.get(
    '/api/debts/mine',
    { schema: { tags, response: replies({ 200: myDebtsReply }) } },
    async (request) => myDebts(app.ctx.database.db, signedInUser(request)),
  );

  api.post(
    '/api/debts/:id/pay',
    { schema: { tags, params: idParam, response: replies({ 200: payDebtReply }) }, config: idempotent },
    async (request) => payDebt(app.ctx, signedInUser(request), request.params.id),
  );
}
