import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import { formatAmount } from '#shared/money.ts';
import { memberParams } from '#shared/schemas/autopay.ts';
import { groupIdParam, idParam } from '#shared/schemas/groups.ts';
import {
  paymentMonitoringReply,
  penaltyAppliedReply,
  reminderSentReply,
} from '#shared/schemas/payment-monitoring.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { applyPenalty, sendManualReminder } from './enforce.ts';
import { paymentMonitoring } from './monitor.ts';

export async function paymentMonitoringRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  api.addHook('preHandler', claimIdempotencyKey);

  api.get(
    '/api/groups/:groupId/payment-monitoring',
    { schema: { tags, params: groupIdParam, response: replies({ 200: paymentMonitoringReply }) } },
    async (request) => paymentMonitoring(app.ctx, signedInUser(request), request.params.groupId),
  );

  api.post(
    '/api/groups/:groupId/members/:userId/remind',
    { schema: { tags, params: memberParams, response: replies({ 201: reminderSentReply }) } },
    async (request, reply) => {
      const { groupId, userId } = request.params;
      const reminder = await sendManualReminder(app.ctx, signedInUser(request), groupId, userId);
      return reply
        .status(201)
        .send({ success: true as const, reminderId: reminder.id, sentAt: reminder.sentAt.toISOString() });
    },
  );

  api.post(
    '/api/contributions/:id/penalty/apply',
    {
      schema: { tags, params: idParam, response: replies({ 200: penaltyAppliedReply }) },
      config: { idempotent: true },
    },
    async (request) => {
      const contribution = await applyPenalty(app.ctx, signedInUser(request), request.params.id);
      return {
        success: true as const,
        contributionId: contribution.id,
        penaltyStatus: contribution.penaltyStatus,
        penalty: formatAmount(contribution.penaltyCents),
      };
    },
  );
}
