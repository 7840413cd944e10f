import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  autopayChangeReply,
  collectionSettingsReply,
  collectionSettingsSchema,
  memberParams,
  paymentSchedulesReply,
  setupAutoPaySchema,
} from '#shared/schemas/autopay.ts';
import { groupIdParam } from '#shared/schemas/groups.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { paymentSchedulesView } from './schedules-view.ts';
import { updateCollectionSettings } from './settings.ts';
import { cancelAutoPay, setupAutoPay } from './setup.ts';

/** The Auto-Pay tab's calls (spec 001 §7) and the admin's collection settings. */
export async function autopayRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auto-pay'];

  api.get(
    '/api/groups/:groupId/payment-schedules',
    { schema: { tags, params: groupIdParam, response: replies({ 200: paymentSchedulesReply }) } },
    async (request) => paymentSchedulesView(app.ctx, signedInUser(request), request.params.groupId),
  );

  api.post(
    '/api/groups/:groupId/members/:userId/setup-auto-payments',
    {
      schema: {
        tags,
        params: memberParams,
        body: setupAutoPaySchema,
        response: replies({ 200: autopayChangeReply }),
      },
    },
    async (request) => {
      const { groupId, userId } = request.params;
      const schedule = await setupAutoPay(
        app.ctx,
        signedInUser(request),
        groupId,
        userId,
        request.body?.paymentMethodId,
      );
      return { success: true as const, message: 'Automatic payments enabled', status: schedule.status };
    },
  );

  api.post(
    '/api/groups/:groupId/members/:userId/cancel-auto-payments',
    { schema: { tags, params: memberParams, response: replies({ 200: autopayChangeReply }) } },
    async (request) => {
      const { groupId, userId } = request.params;
      const schedule = await cancelAutoPay(app.ctx, signedInUser(request), groupId, userId);
      return { success: true as const, message: 'Automatic payments canceled', status: schedule.status };
    },
  );

  api.put(
    '/api/groups/:groupId/collection-settings',
    {
      schema: {
        tags,
        params: groupIdParam,
        body: collectionSettingsSchema,
        response: replies({ 200: collectionSettingsReply }),
      },
    },
    async (request) =>
      updateCollectionSettings(app.ctx, signedInUser(request), request.params.groupId, request.body),
  );
}
