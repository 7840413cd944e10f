import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsletterSignups } from '#server/db/schema.ts';
import { newsletterSignupSchema } from '#shared/schemas/newsletter.ts';

export async function newsletterRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/newsletter-signup',
    {
      schema: {
        tags: ['marketing'],
        body: newsletterSignupSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      // Stored once per address; a repeat is a quiet success so the form reveals nothing.
      await app.ctx.database.db
        .insert(newsletterSignups)
        .values({ email: request.body.email.toLowerCase(), createdAt: app.ctx.clock.now() })
        .onConflictDoNothing();
      return { success: true as const };
    },
  );
}
