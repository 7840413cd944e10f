import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '#server/core/identity.ts';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import { perPerson, requestOrigin } from '#server/http/request-identity.ts';
import {
  bankAccountIdParam,
  bankAccountListSchema,
  bankAccountVerifiedReply,
  bankLinkSessionParam,
  bankLinkSessionSchema,
  bankLinkSessionStatusSchema,
  completeBankConnectionReplySchema,
  completeBankConnectionSchema,
  payoutOnboardingSchema,
  payoutReadinessSchema,
  providerInfoSchema,
  verifyMicroDepositsSchema,
} from '#shared/schemas/payments.ts';
import { replies, successReply } from '#shared/schemas/replies.ts';
import { completeBankLink } from './bank-accounts/complete-link.ts';
import { bankLinkSessionStatus, startBankLink } from './bank-accounts/link-sessions.ts';
import { listBankAccounts } from './bank-accounts/list.ts';
import { removeBankAccount } from './bank-accounts/remove.ts';
import { verifyMicroDeposits } from './bank-accounts/verify.ts';
import { payoutReadiness, startPayoutOnboarding } from './payout-setup.ts';
import { paymentProviderFor, providerInfo } from './provider.ts';
import { sandboxIdentityRoutes } from './sandbox/identity-routes.ts';

/**
 * Bank linking and verification: the spec's three calls, plus verify, remove and session status;
 * and payout setup (readiness, processor onboarding).
 */
export async function paymentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bank accounts'];
  api.addHook('preHandler', claimIdempotencyKey);
  const idempotent = { idempotent: true };

  api.get(
    '/api/payments/provider',
    { schema: { tags, response: replies({ 200: providerInfoSchema }) } },
    async () => providerInfo(app.ctx.config.payments),
  );

  api.get(
    '/api/user-bank-accounts',
    { schema: { tags, response: replies({ 200: bankAccountListSchema }) } },
    async (request) => listBankAccounts(app.ctx, signedInUser(request).id),
  );

  // Each session can send micro-deposits; a limit keeps anyone from drawing fresh ones endlessly.
  api.post(
    '/api/create-financial-connections-session',
    {
      schema: { tags, response: replies({ 200: bankLinkSessionSchema }) },
      config: { rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: perPerson } },
    },
    async (request) => startBankLink(app.ctx, signedInUser(request), request.ip),
  );

  api.get(
    '/api/bank-link-sessions/:sessionId',
    {
      schema: { tags, params: bankLinkSessionParam, response: replies({ 200: bankLinkSessionStatusSchema }) },
    },
    async (request) => bankLinkSessionStatus(app.ctx, signedInUser(request), request.params.sessionId),
  );

  api.post(
    '/api/complete-bank-connection',
    {
      schema: {
        tags,
        body: completeBankConnectionSchema,
        response: replies({ 200: completeBankConnectionReplySchema }),
      },
      config: { ...idempotent, rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perPerson } },
    },
    async (request) =>
      completeBankLink(
        app.ctx,
        signedInUser(request),
        request.body,
        request.ip,
        request.headers['user-agent'] ?? '',
      ),
  );

  api.post(
    '/api/bank-accounts/:id/verify',
    {
      schema: {
        tags,
        params: bankAccountIdParam,
        body: verifyMicroDepositsSchema,
        response: replies({ 200: bankAccountVerifiedReply }),
      },
      config: idempotent,
    },
    async (request) =>
      verifyMicroDeposits(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body.amounts,
        request.ip,
      ),
  );

  api.delete(
    '/api/bank-accounts/:id',
    {
      schema: { tags, params: bankAccountIdParam, response: replies({ 200: successReply }) },
      config: idempotent,
    },
    async (request) => removeBankAccount(app.ctx, signedInUser(request), request.params.id, request.ip),
  );

  // Whether bank and instant withdrawals can be paid out, and the processor's page that makes it so.
  api.get(
    '/api/payments/payout-readiness',
    { schema: { tags, response: replies({ 200: payoutReadinessSchema }) } },
    async (request) => payoutReadiness(app.ctx, signedInUser(request)),
  );

  // Not idempotent: each press needs a fresh single-use link, never a replayed one.
  api.post(
    '/api/payments/payout-onboarding',
    {
      schema: { tags, response: replies({ 200: payoutOnboardingSchema }) },
      config: { rateLimit: { max: 30, timeWindow: '1 hour', keyGenerator: perPerson } },
    },
    async (request) => startPayoutOnboarding(app.ctx, signedInUser(request), requestOrigin(request)),
  );

  // The sandbox's hosted identity page; with a real processor its own page does this.
  if (paymentProviderFor(app.ctx.config.payments).info.name === 'sandbox')
    await app.register(sandboxIdentityRoutes);
}
