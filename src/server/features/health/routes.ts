import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { healthReply } from '#shared/schemas/health.ts';
import { replies } from '#shared/schemas/replies.ts';
import type { HealthCheck } from './health-check.ts';

export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthCheck }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: { tags: ['system'], response: replies({ 200: healthReply }) },
      config: { public: true },
    },
    async () => {
      if (!(await health.databaseReachable())) throw new AppError('SERVICE_UNAVAILABLE');
      return { status: 'ok' as const, database: app.ctx.database.engine };
    },
  );
}
