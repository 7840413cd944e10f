import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { signedInUser } from '#server/core/identity.ts';
import { mailboxReplySchema } from '#shared/schemas/email.ts';
import { replies } from '#shared/schemas/replies.ts';
import { latestEmails } from './outbox.ts';

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * The development mailbox: the latest 50 emails of the outbox, links included, so a reset link can
 * be followed without a mail server. Operators only, or everyone signed in when NODE_ENV=development
 * (a developer's own machine, where the demo account is the only person).
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dev/mailbox',
      { schema: { tags: ['email'], response: replies({ 200: mailboxReplySchema }) } },
      async (request) => {
        const user = signedInUser(request);
        if (!user.isOperator && app.ctx.config.environment !== 'development') throw new AppError('FORBIDDEN');
        const rows = await latestEmails(app.ctx.database.db);
        return {
          messages: rows.map((row) => ({
            id: row.id,
            to: row.toAddress,
            subject: row.subject,
            kind: row.kind,
            language: row.language,
            status: row.status,
            attempts: row.attempts,
            lastError: row.lastError,
            createdAt: row.createdAt.toISOString(),
            sentAt: row.sentAt?.toISOString() ?? null,
            text: row.textBody,
            links: [...new Set(row.textBody.match(LINK) ?? [])],
          })),
        };
      },
    );
}
