import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import { idParam } from '#shared/schemas/groups.ts';
import {
  acceptInvitationAppliedReply,
  acceptInvitationReply,
  acceptInvitationSchema,
  invitationParams,
  invitationsReply,
  invitationTokenParam,
  invitationViewReply,
  inviteReply,
  inviteSchema,
  revokeInvitationReply,
} from '#shared/schemas/invitations.ts';
import { replies } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { linkBase } from '../auth/links.ts';
import { acceptInvitation, viewInvitation } from './accept.ts';
import { resendInvitation, revokeInvitation, sendInvitation } from './invite.ts';
import { listInvitations } from './list.ts';

/** Invitations by email (spec 001 §2.2 Members tab, §7): admins invite; the invitee accepts by the link. */
export async function invitationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];
  api.addHook('preHandler', claimIdempotencyKey);
  // Each of these sends an email or takes a seat: a retried click must not do it twice.
  const idempotent = { idempotent: true };

  api.post(
    '/api/groups/:id/invite',
    {
      schema: { tags, params: idParam, body: inviteSchema, response: replies({ 201: inviteReply }) },
      config: idempotent,
    },
    async (request, reply) => {
      const invitation = await sendInvitation(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.body.email,
        linkBase(request),
      );
      return reply.status(201).send({ success: true as const, message: 'Invitation Sent', invitation });
    },
  );

  api.get(
    '/api/groups/:id/invitations',
    { schema: { tags, params: idParam, response: replies({ 200: invitationsReply }) } },
    async (request) => listInvitations(app.ctx, signedInUser(request), request.params.id),
  );

  api.post(
    '/api/groups/:id/invitations/:invitationId/resend',
    {
      schema: { tags, params: invitationParams, response: replies({ 200: inviteReply }) },
      config: idempotent,
    },
    async (request) => {
      const invitation = await resendInvitation(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.params.invitationId,
        linkBase(request),
      );
      return { success: true as const, message: 'Invitation Sent', invitation };
    },
  );

  api.delete(
    '/api/groups/:id/invitations/:invitationId',
    {
      schema: { tags, params: invitationParams, response: replies({ 200: revokeInvitationReply }) },
      config: idempotent,
    },
    async (request) => ({
      success: true as const,
      invitation: await revokeInvitation(
        app.ctx,
        signedInUser(request),
        request.params.id,
        request.params.invitationId,
      ),
    }),
  );

  api.get(
    '/api/invitations/:token',
    { schema: { tags, params: invitationTokenParam, response: replies({ 200: invitationViewReply }) } },
    async (request) => viewInvitation(app.ctx, signedInUser(request), request.params.token),
  );

  api.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        tags,
        params: invitationTokenParam,
        body: acceptInvitationSchema,
        response: replies({ 200: acceptInvitationReply, 202: acceptInvitationAppliedReply }),
      },
      config: idempotent,
    },
    async (request, reply) => {
      const joined = await acceptInvitation(
        app.ctx,
        signedInUser(request),
        request.params.token,
        request.body ?? {},
      );
      // A circle that reviews members answers 202, like the join by code: the seat is not yet taken.
      return joined.application
        ? reply.status(202).send({ ...joined, application: joined.application })
        : joined;
    },
  );
}
