import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import {
  adjustRotationSchema,
  createGroupSchema,
  freezeGroupSchema,
  groupIdParam,
  idParam,
  inviteCodeParam,
  joinGroupSchema,
  payoutReceiptSchema,
  payPenaltySchema,
  processPayoutSchema,
  recordCashSchema,
  reportPaymentSchema,
  scheduleUpdateSchema,
  waivePenaltySchema,
} from '#shared/schemas/groups.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { processPayout } from '../escrow/process-payout.ts';
import { adjustRotation } from './adjust-rotation.ts';
import { confirmContribution, recordPayment, reportPayment } from './contributions.ts';
import { createGroup } from './create-group.ts';
import { setFrozen } from './freeze.ts';
import { groupDetail, serializeGroup } from './group-detail.ts';
import { userGroups } from './group-list.ts';
import { groupByInviteCode } from './invite-lookup.ts';
import { joinGroup } from './join-group.ts';
import { confirmPayoutReceipt } from './payout-receipt.ts';
import { payPenalty, waivePenalty } from './penalties.ts';
import { updateSchedule } from './schedule-edit.ts';

export async function groupRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['groups'];
  api.addHook('preHandler', claimIdempotencyKey);
  const idempotent = { idempotent: true };

  api.post(
    '/api/groups',
    { schema: { tags, body: createGroupSchema }, config: idempotent },
    async (request, reply) => {
      const group = await createGroup(app.ctx, signedInUser(request), request.body);
      return reply.status(201).send(serializeGroup(group, { includeInvite: true }));
    },
  );

  api.get('/api/user/groups', { schema: { tags } }, async (request) =>
    userGroups(app.ctx.database.db, signedInUser(request).id),
  );

  // Invite codes are unguessable, and guessing is slowed down further here.
  api.get(
    '/api/groups/invite/:code',
    { schema: { tags, params: inviteCodeParam }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => groupByInviteCode(app.ctx.database.db, request.params.code),
  );

  api.get('/api/groups/:id', { schema: { tags, params: idParam } }, async (request) =>
    groupDetail(app.ctx, signedInUser(request), request.params.id),
  );

  api.post(
    '/api/groups/:id/join',
    { schema: { tags, params: idParam, body: joinGroupSchema }, config: idempotent },
    async (request, reply) => {
      const { userId, inviteCode, ...application } = request.body ?? {};
      const joined = await joinGroup(
        app.ctx,
        signedInUser(request),
        request.params.id,
        { kind: 'invite_code', code: inviteCode },
        { claimedUserId: userId, application },
      );
      // A group that reviews members answers 202: the request is accepted, the seat is not yet taken.
      return 'application' in joined ? reply.status(202).send(joined) : joined;
    },
  );

  api.post(
    '/api/groups/:groupId/contributions',
    {
      schema: { tags: ['contributions'], params: groupIdParam, body: reportPaymentSchema },
      config: idempotent,
    },
    async (request) => reportPayment(app.ctx, signedInUser(request), request.params.groupId, request.body),
  );

  api.post(
    '/api/groups/:groupId/contributions/record',
    { schema: { tags: ['contributions'], params: groupIdParam, body: recordCashSchema }, config: idempotent },
    async (request) => recordPayment(app.ctx, signedInUser(request), request.params.groupId, request.body),
  );

  api.post(
    '/api/contributions/:id/confirm',
    { schema: { tags: ['contributions'], params: idParam }, config: idempotent },
    async (request) => confirmContribution(app.ctx, signedInUser(request), request.params.id),
  );

  api.post(
    '/api/groups/process-payout',
    { schema: { tags: ['payouts'], body: processPayoutSchema }, config: idempotent },
    async (request, reply) => {
      const { groupId, cycleNumber, ...delivery } = request.body;
      const outcome = await processPayout(app.ctx, signedInUser(request), groupId, cycleNumber, delivery);
      if ('pendingAction' in outcome)
        // Accepted: the multi-signature safeguard asks the other members to approve the release first.
        return reply
          .status(202)
          .send({ success: true as const, pendingActionId: outcome.pendingAction.id, cycle: cycleNumber });
      return { success: true as const, payoutId: outcome.released.id, cycle: outcome.released.cycle };
    },
  );

  api.post(
    '/api/payouts/:id/receipt',
    { schema: { tags: ['payouts'], params: idParam, body: payoutReceiptSchema }, config: idempotent },
    async (request) => {
      const payout = await confirmPayoutReceipt(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body,
      );
      return { success: true as const, payoutId: payout.id, receiptStatus: payout.receiptStatus };
    },
  );

  api.post(
    '/api/groups/:groupId/freeze',
    { schema: { tags, params: groupIdParam, body: freezeGroupSchema } },
    async (request) => {
      const group = await setFrozen(
        app.ctx,
        signedInUser(request),
        request.params.groupId,
        true,
        request.body.reason,
      );
      return { success: true as const, frozen: group.frozen };
    },
  );

  api.post('/api/groups/:groupId/unfreeze', { schema: { tags, params: groupIdParam } }, async (request) => {
    const group = await setFrozen(app.ctx, signedInUser(request), request.params.groupId, false, null);
    return { success: true as const, frozen: group.frozen };
  });

  api.post(
    '/api/contributions/:id/penalty/pay',
    { schema: { tags: ['contributions'], params: idParam, body: payPenaltySchema }, config: idempotent },
    async (request) => payPenalty(app.ctx, signedInUser(request), request.params.id, request.body.method),
  );

  api.post(
    '/api/contributions/:id/penalty/waive',
    { schema: { tags: ['contributions'], params: idParam, body: waivePenaltySchema }, config: idempotent },
    async (request) => waivePenalty(app.ctx, signedInUser(request), request.params.id, request.body.reason),
  );

  api.put(
    '/api/groups/:groupId/schedule',
    { schema: { tags, params: groupIdParam, body: scheduleUpdateSchema } },
    async (request) => updateSchedule(app.ctx, signedInUser(request), request.params.groupId, request.body),
  );

  api.post(
    '/api/groups/adjust-rotation',
    { schema: { tags, body: adjustRotationSchema } },
    async (request, reply) => {
      const outcome = await adjustRotation(
        app.ctx,
        signedInUser(request),
        request.body.groupId,
        request.body.newOrder,
      );
      // Accepted: the member-vote safeguard asks the members to approve the new order first.
      return outcome.pendingActionId ? reply.status(202).send(outcome) : outcome;
    },
  );
}
