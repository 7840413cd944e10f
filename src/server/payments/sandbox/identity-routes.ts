import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/core/errors.ts';
import { signedInUser } from '#server/core/identity.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { sandboxIdentitySubmissions } from '#server/db/verification-schema.ts';
import {
  identitySessionParam,
  type SandboxIdentitySession,
  sandboxIdentitySchema,
  sandboxIdentitySessionSchema,
} from '#shared/schemas/identity.ts';
import { replies } from '#shared/schemas/replies.ts';
import { deliverPaymentEventLater } from '../events.ts';
import { identityOutcome, identitySessionOwner } from './identity-sessions.ts';

/** The session, if it is genuine and the signed-in person's; anything else is "not found". */
function ownSession(ctx: AppContext, userId: number, ref: string) {
  if (identitySessionOwner(ctx.config.payments.fingerprintSecret, ref) !== userId)
    throw new AppError('VERIFICATION_SESSION_NOT_FOUND');
}

async function sessionView(ctx: AppContext, ref: string): Promise<SandboxIdentitySession> {
  const [submitted] = await ctx.database.db
    .select({ outcome: sandboxIdentitySubmissions.outcome })
    .from(sandboxIdentitySubmissions)
    .where(eq(sandboxIdentitySubmissions.sessionRef, ref));
  return {
    status: submitted ? 'submitted' : 'open',
    outcome: submitted?.outcome ?? null,
    settlementSeconds: Math.round(ctx.config.payments.sandboxSettlementMs / 1000),
  };
}

/**
 * The sandbox's hosted identity page talks to these (registered only while the sandbox is the
 * provider). The documents decide the outcome, which reaches the person's records through the job
 * queue after the settlement delay, as a processor's webhook would. Nothing typed is stored.
 */
export async function sandboxIdentityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox'];

  api.get(
    '/api/sandbox/identity-sessions/:session',
    {
      schema: {
        tags,
        params: identitySessionParam,
        response: replies({ 200: sandboxIdentitySessionSchema }),
      },
    },
    async (request) => {
      ownSession(app.ctx, signedInUser(request).id, request.params.session);
      return sessionView(app.ctx, request.params.session);
    },
  );

  api.post(
    '/api/sandbox/identity-sessions/:session/submit',
    {
      schema: {
        tags,
        params: identitySessionParam,
        body: sandboxIdentitySchema,
        response: replies({ 200: sandboxIdentitySessionSchema }),
      },
      config: { idempotent: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = signedInUser(request);
      const ref = request.params.session;
      ownSession(app.ctx, user.id, ref);
      const event = identityOutcome(ref, request.body.documentNumber);
      await inTransaction(app.ctx.database.db, async (tx) => {
        // The primary key lets one submission through per session, however many race.
        const [inserted] = await tx
          .insert(sandboxIdentitySubmissions)
          .values({
            sessionRef: ref,
            userId: user.id,
            documentType: request.body.documentType,
            outcome: event.type === 'identity.verified' ? 'verified' : 'failed',
            submittedAt: app.ctx.clock.now(),
          })
          .onConflictDoNothing()
          .returning({ ref: sandboxIdentitySubmissions.sessionRef });
        if (!inserted) throw new AppError('VERIFICATION_SESSION_USED');
        await deliverPaymentEventLater(tx, { event, afterMs: app.ctx.config.payments.sandboxSettlementMs });
      });
      return sessionView(app.ctx, ref);
    },
  );
}
