import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { parseAmount } from '#shared/money.ts';
import {
  dashboardReply,
  savingsGoalReply,
  savingsGoalSchema,
  userIdParam,
} from '#shared/schemas/dashboard.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { dashboard, saveSavingsGoal } from './dashboard.ts';

export async function dashboardRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The spec's path carries the user id; only one's own dashboard is served.
  api.get(
    '/api/user/:userId/dashboard',
    { schema: { tags: ['dashboard'], params: userIdParam, response: replies({ 200: dashboardReply }) } },
    async (request) => {
      const user = signedInUser(request);
      if (request.params.userId !== user.id) throw new AppError('FORBIDDEN');
      return dashboard(app.ctx, user);
    },
  );

  api.put(
    '/api/user/savings-goal',
    {
      schema: { tags: ['dashboard'], body: savingsGoalSchema, response: replies({ 200: savingsGoalReply }) },
    },
    async (request) => {
      const { target, monthly } = request.body;
      await saveSavingsGoal(
        app.ctx,
        signedInUser(request),
        parseAmount(target) ?? 0,
        parseAmount(monthly) ?? 0,
      );
      return { success: true as const, target, monthly };
    },
  );
}
