import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInOperator, signedInUser } from '#server/core/identity.ts';
import { referralProgramReply, referralProgramSchema, referralsReply } from '#shared/schemas/referrals.ts';
import { replies } from '#shared/schemas/replies.ts';
import { referralOverview } from './overview.ts';
import { setProgramPaused } from './program.ts';

/** The referral page (spec 001 §2.7) and the operator's pause switch (decision 0033). */
export async function referralRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['referrals'];

  api.get(
    '/api/referrals',
    { schema: { tags, response: replies({ 200: referralsReply }) } },
    async (request) => referralOverview(app.ctx, signedInUser(request)),
  );

  api.put(
    '/api/admin/referral-program',
    { schema: { tags, body: referralProgramSchema, response: replies({ 200: referralProgramReply }) } },
    async (request) => setProgramPaused(app.ctx, signedInOperator(request), request.body),
  );
}
