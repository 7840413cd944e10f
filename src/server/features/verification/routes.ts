import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import { perPerson, requestOrigin } from '#server/http/request-identity.ts';
import { groupIdParam } from '#shared/schemas/groups.ts';
import { replies } from '#shared/schemas/replies.ts';
import {
  addressVerificationSchema,
  codeSentReply,
  confirmAddressSchema,
  enhancedBankVerificationReplySchema,
  groupVerificationSchema,
  identityVerificationReplySchema,
  ownVerificationSchema,
  phoneVerificationReply,
  phoneVerificationSchema,
  verificationConfirmedReply,
  verificationStartSchema,
} from '#shared/schemas/verification.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { confirmAddressCode, sendAddressCode } from './address.ts';
import { startEnhancedBankVerification } from './enhanced-bank.ts';
import { groupVerification } from './group-verification.ts';
import { startIdentityVerification } from './identity.ts';
import { ownVerification } from './own-verification.ts';
import { confirmPhoneCode, sendPhoneCode } from './phone.ts';

/** The acting user is the signed-in one; a body naming someone else is refused. */
function actingUser(request: FastifyRequest, body: { userId?: number } | null | undefined) {
  const user = signedInUser(request);
  if (body?.userId !== undefined && body.userId !== user.id) throw new AppError('FORBIDDEN');
  return user;
}

/** Identity, phone, address and bank checks, and the group page's Verification tab. */
export async function verificationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['verification'];
  api.addHook('preHandler', claimIdempotencyKey);
  const limited = (max: number, timeWindow: string) => ({
    idempotent: true,
    rateLimit: { max, timeWindow, keyGenerator: perPerson },
  });

  api.get(
    '/api/verification',
    { schema: { tags, response: replies({ 200: ownVerificationSchema }) } },
    async (request) => ownVerification(app.ctx, signedInUser(request).id),
  );

  api.post(
    '/api/stripe/identity-verification',
    {
      schema: {
        tags,
        body: verificationStartSchema,
        response: replies({ 200: identityVerificationReplySchema }),
      },
      config: limited(10, '1 hour'),
    },
    async (request) =>
      startIdentityVerification(app.ctx, actingUser(request, request.body), {
        ip: request.ip,
        origin: requestOrigin(request),
      }),
  );

  // Codes are limited where they are issued and checked; this only slows a flood of requests.
  api.post(
    '/api/verification/phone',
    {
      schema: { tags, body: phoneVerificationSchema, response: replies({ 200: phoneVerificationReply }) },
      config: limited(30, '1 minute'),
    },
    async (request) => {
      const user = actingUser(request, request.body);
      const { phoneNumber, code } = request.body;
      if (code !== undefined) return confirmPhoneCode(app.ctx, user, code, phoneNumber, request.ip);
      return sendPhoneCode(app.ctx, user, phoneNumber!, request.ip);
    },
  );

  api.post(
    '/api/verification/address',
    {
      schema: { tags, body: addressVerificationSchema, response: replies({ 200: codeSentReply }) },
      config: limited(30, '1 minute'),
    },
    async (request) => {
      const { userId: _, ...address } = request.body;
      return sendAddressCode(app.ctx, actingUser(request, request.body), address, request.ip);
    },
  );

  api.post(
    '/api/verification/address/confirm',
    {
      schema: { tags, body: confirmAddressSchema, response: replies({ 200: verificationConfirmedReply }) },
      config: limited(30, '1 minute'),
    },
    async (request) =>
      confirmAddressCode(app.ctx, actingUser(request, request.body), request.body.code, request.ip),
  );

  api.post(
    '/api/stripe/enhanced-bank-verification',
    {
      schema: {
        tags,
        body: verificationStartSchema,
        response: replies({ 200: enhancedBankVerificationReplySchema }),
      },
      config: limited(20, '1 hour'),
    },
    async (request) => startEnhancedBankVerification(app.ctx, actingUser(request, request.body), request.ip),
  );

  api.get(
    '/api/groups/:groupId/verification',
    { schema: { tags, params: groupIdParam, response: replies({ 200: groupVerificationSchema }) } },
    async (request) => groupVerification(app.ctx, signedInUser(request), request.params.groupId),
  );
}
