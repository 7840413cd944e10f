import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '#shared/schemas/public-config.ts';
import { replies } from '#shared/schemas/replies.ts';

/** The few server settings the pages need before anyone signs in; nothing secret. */
export async function publicConfigRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public-config',
    {
      schema: { tags: ['system'], response: replies({ 200: publicConfigSchema }) },
      config: { public: true },
    },
    async () => ({ demoHint: app.ctx.config.seedDemo }),
  );
}
