import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import {
  applicationsReply,
  approveApplicationReply,
  myApplicationsReply,
  rejectApplicationReply,
  rejectApplicationSchema,
  withdrawApplicationReply,
} from '#shared/schemas/applications.ts';
import { idParam } from '#shared/schemas/groups.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { approveApplication, rejectApplication } from './decide.ts';
import { myApplications, pendingApplications } from './list.ts';
import { withdrawApplication } from './withdraw.ts';

/** Requests to join groups that review their members. Applying itself is POST /api/groups/{id}/join. */
export async function applicationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['applications'];
  api.addHook('preHandler', claimIdempotencyKey);
  // Approving takes a seat and may start the circle: a retried click must not act twice.
  const idempotent = { idempotent: true };

  api.get(
    '/api/groups/:id/applications',
    { schema: { tags, params: idParam, response: replies({ 200: applicationsReply }) } },
    async (request) => pendingApplications(app.ctx, signedInUser(request), request.params.id),
  );

  api.get(
    '/api/applications/mine',
    { schema: { tags, response: replies({ 200: myApplicationsReply }) } },
    async (request) => myApplications(app.ctx.database.db, signedInUser(request)),
  );

  api.post(
    '/api/applications/:id/approve',
    {
      schema: { tags, params: idParam, response: replies({ 200: approveApplicationReply }) },
      config: idempotent,
    },
    async (request) => approveApplication(app.ctx, signedInUser(request), request.params.id),
  );

  api.post(
    '/api/applications/:id/reject',
    {
      schema: {
        tags,
        params: idParam,
        body: rejectApplicationSchema,
        response: replies({ 200: rejectApplicationReply }),
      },
      config: idempotent,
    },
    async (request) =>
      rejectApplication(app.ctx, signedInUser(request), request.params.id, request.body.reason),
  );

  api.post(
    '/api/applications/:id/withdraw',
    {
      schema: { tags, params: idParam, response: replies({ 200: withdrawApplicationReply }) },
      config: idempotent,
    },
    async (request) => withdrawApplication(app.ctx, signedInUser(request), request.params.id),
  );
}
