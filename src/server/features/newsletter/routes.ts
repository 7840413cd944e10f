import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordProductEvent } from '#server/core/product-events.ts';
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
      const at = app.ctx.clock.now();
      await app.ctx.database.db.transaction(async (tx) => {
        const stored = await tx
          .insert(newsletterSignups)
          .values({ email: request.body.email.toLowerCase(), createdAt: at })
          .onConflictDoNothing()
          .returning({ id: newsletterSignups.id });
        // Counted once per address, like the list; the event names no one (decision 0036).
        if (stored.length > 0) await recordProductEvent(tx, { name: 'newsletter_signup', at });
      });
      return { success: true as const };
    },
  );
}
