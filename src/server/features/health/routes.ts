import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { healthReply } from '#shared/schemas/health.ts';
import { replies } from '#shared/schemas/replies.ts';

// Probing the database on every call would let a load balancer's polling load it; a second
// of staleness is plenty for "is it reachable".
const PROBE_INTERVAL_MS = 1000;

export async function healthRoutes(app: FastifyInstance) {
  let lastProbe = 0;
  let healthy = false;

  async function databaseReachable(): Promise<boolean> {
    const now = Date.now();
    if (healthy && now - lastProbe < PROBE_INTERVAL_MS) return true;
    lastProbe = now;
    healthy = await app.ctx.database.ping().then(
      () => true,
      () => false,
    );
    return healthy;
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: { tags: ['system'], response: replies({ 200: healthReply }) },
      config: { public: true },
    },
    async () => {
      if (!(await databaseReachable())) throw new AppError('SERVICE_UNAVAILABLE');
      return { status: 'ok' as const, database: app.ctx.database.engine };
    },
  );
}
