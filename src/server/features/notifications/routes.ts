import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { notifications } from '#server/db/groups-schema.ts';
import { idParam } from '#shared/schemas/groups.ts';
import { notificationsReply } from '#shared/schemas/notifications.ts';
import { replies, successReply } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { notificationList } from './notification-list.ts';

export async function notificationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx.database;
  const tags = ['notifications'];

  api.get(
    '/api/notifications',
    { schema: { tags, response: replies({ 200: notificationsReply }) } },
    async (request) => notificationList(db, signedInUser(request).id),
  );

  api.post(
    '/api/notifications/read-all',
    { schema: { tags, response: replies({ 200: successReply }) } },
    async (request) => {
      const user = signedInUser(request);
      await db
        .update(notifications)
        .set({ readAt: app.ctx.clock.now() })
        .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
      return { success: true as const };
    },
  );

  // Someone else's notification answers as one that does not exist.
  api.post(
    '/api/notifications/:id/read',
    { schema: { tags, params: idParam, response: replies({ 200: successReply }) } },
    async (request) => {
      const user = signedInUser(request);
      const [marked] = await db
        .update(notifications)
        .set({
          readAt: sql`coalesce(${notifications.readAt}, ${app.ctx.clock.now().toISOString()}::timestamptz)`,
        })
        .where(and(eq(notifications.id, request.params.id), eq(notifications.userId, user.id)))
        .returning({ id: notifications.id });
      if (!marked) throw new AppError('NOTIFICATION_NOT_FOUND');
      return { success: true as const };
    },
  );
}
