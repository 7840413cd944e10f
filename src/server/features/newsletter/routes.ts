import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsletterSignups } from '#server/db/schema.ts';
import { newsletterSignupSchema } from '#shared/schemas/newsletter.ts';
import { replies, successReply } from '#shared/schemas/replies.ts';

export async function newsletterRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/newsletter-signup',
    {
      schema: {
        tags: ['marketing'],
        body: newsletterSignupSchema,
        response: replies({ 200: successReply }),
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
