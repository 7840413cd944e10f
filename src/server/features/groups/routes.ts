import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimIdempotencyKey, keyedTransaction } from '#server/http/idempotency.ts';
import {
  adjustRotationSchema,
  contributionRowReply,
  createdGroupReply,
  createGroupSchema,
  freezeGroupSchema,
  frozenReply,
  groupDetailReply,
  groupIdParam,
  groupListReply,
  idParam,
  inviteCodeParam,
  inviteLookupReply,
  joinedReply,
  joinGroupSchema,
  joinRequestedReply,
  payoutPendingReply,
  payoutReceiptReply,
  payoutReceiptSchema,
  payoutReleasedReply,
  payPenaltySchema,
  processPayoutSchema,
  recordCashSchema,
  reportPaymentSchema,
  scheduleUpdateSchema,
  waivePenaltySchema,
} from '#shared/schemas/groups.ts';
import { pendingActionReply, replies, successReply } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { processPayout } from '../escrow/process-payout.ts';
import { adjustRotation } from './adjust-rotation.ts';
import { contributionReply } from './contribution-reply.ts';
import { confirmContributionIn, recordPaymentIn, reportPayment } from './contributions.ts';
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
  // Work in one transaction: the key's claim and reply commit with it (decision 0052).
  const idempotentInWork = { idempotent: 'in-transaction' as const };

  api.post(
    '/api/groups',
    {
      schema: { tags, body: createGroupSchema, response: replies({ 201: createdGroupReply }) },
      config: idempotent,
    },
    async (request, reply) => {
      const group = await createGroup(app.ctx, signedInUser(request), request.body);
      // Its creator is its first admin: the reply carries the invite code to share.
      return reply
        .status(201)
        .send({ ...serializeGroup(group, { includeInvite: true }), inviteCode: group.inviteCode });
    },
  );

  api.get(
    '/api/user/groups',
    { schema: { tags, response: replies({ 200: groupListReply }) } },
    async (request) => userGroups(app.ctx.database.db, signedInUser(request).id),
  );

  // Invite codes are unguessable, and guessing is slowed down further here.
  api.get(
    '/api/groups/invite/:code',
    {
      schema: { tags, params: inviteCodeParam, response: replies({ 200: inviteLookupReply }) },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => groupByInviteCode(app.ctx.database.db, request.params.code),
  );

  api.get(
    '/api/groups/:id',
    { schema: { tags, params: idParam, response: replies({ 200: groupDetailReply }) } },
    async (request) => groupDetail(app.ctx, signedInUser(request), request.params.id),
  );

  api.post(
    '/api/groups/:id/join',
    {
      schema: {
        tags,
        params: idParam,
        body: joinGroupSchema,
        response: replies({ 200: joinedReply, 202: joinRequestedReply }),
      },
      config: idempotent,
    },
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
      return joined.application
        ? reply.status(202).send({ ...joined, application: joined.application })
        : joined;
    },
  );

  api.post(
    '/api/groups/:groupId/contributions',
    {
      schema: {
        tags: ['contributions'],
        params: groupIdParam,
        body: reportPaymentSchema,
        response: replies({ 200: contributionRowReply }),
      },
      config: idempotent,
    },
    async (request) =>
      contributionReply(
        await reportPayment(app.ctx, signedInUser(request), request.params.groupId, request.body),
      ),
  );

  api.post(
    '/api/groups/:groupId/contributions/record',
    {
      schema: {
        tags: ['contributions'],
        params: groupIdParam,
        body: recordCashSchema,
        response: replies({ 200: contributionRowReply }),
      },
      config: idempotentInWork,
    },
    async (request, reply) =>
      keyedTransaction(request, reply, async (tx) =>
        contributionReply(
          await recordPaymentIn(app.ctx, tx, signedInUser(request), request.params.groupId, request.body),
        ),
      ),
  );

  api.post(
    '/api/contributions/:id/confirm',
    {
      schema: { tags: ['contributions'], params: idParam, response: replies({ 200: contributionRowReply }) },
      config: idempotentInWork,
    },
    async (request, reply) =>
      keyedTransaction(request, reply, async (tx) =>
        contributionReply(await confirmContributionIn(app.ctx, tx, signedInUser(request), request.params.id)),
      ),
  );

  api.post(
    '/api/groups/process-payout',
    {
      schema: {
        tags: ['payouts'],
        body: processPayoutSchema,
        response: replies({ 200: payoutReleasedReply, 202: payoutPendingReply }),
      },
      config: idempotent,
    },
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
    {
      schema: {
        tags: ['payouts'],
        params: idParam,
        body: payoutReceiptSchema,
        response: replies({ 200: payoutReceiptReply }),
      },
      config: idempotent,
    },
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
    {
      schema: {
        tags,
        params: groupIdParam,
        body: freezeGroupSchema,
        response: replies({ 200: frozenReply }),
      },
    },
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

  api.post(
    '/api/groups/:groupId/unfreeze',
    { schema: { tags, params: groupIdParam, response: replies({ 200: frozenReply }) } },
    async (request) => {
      const group = await setFrozen(app.ctx, signedInUser(request), request.params.groupId, false, null);
      return { success: true as const, frozen: group.frozen };
    },
  );

  api.post(
    '/api/contributions/:id/penalty/pay',
    {
      schema: {
        tags: ['contributions'],
        params: idParam,
        body: payPenaltySchema,
        response: replies({ 200: contributionRowReply }),
      },
      config: idempotent,
    },
    async (request) =>
      contributionReply(
        await payPenalty(app.ctx, signedInUser(request), request.params.id, request.body.method),
      ),
  );

  api.post(
    '/api/contributions/:id/penalty/waive',
    {
      schema: {
        tags: ['contributions'],
        params: idParam,
        body: waivePenaltySchema,
        response: replies({ 200: contributionRowReply }),
      },
      config: idempotent,
    },
    async (request) =>
      contributionReply(
        await waivePenalty(app.ctx, signedInUser(request), request.params.id, request.body.reason),
      ),
  );

  api.put(
    '/api/groups/:groupId/schedule',
    {
      schema: {
        tags,
        params: groupIdParam,
        body: scheduleUpdateSchema,
        response: replies({ 200: successReply }),
      },
    },
    async (request) => updateSchedule(app.ctx, signedInUser(request), request.params.groupId, request.body),
  );

  api.post(
    '/api/groups/adjust-rotation',
    {
      schema: {
        tags,
        body: adjustRotationSchema,
        response: replies({ 200: successReply, 202: pendingActionReply }),
      },
    },
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
