import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  groupRuleInputSchema,
  groupRuleParams,
  groupRuleSchema,
  groupRulesReply,
  groupSettingsReply,
  groupSettingsSchema,
} from '#shared/schemas/group-settings.ts';
import { idParam } from '#shared/schemas/groups.ts';
import { replies, successReply } from '#shared/schemas/replies.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { createGroupRule, deleteGroupRule, listGroupRules, updateGroupRule } from './rules.ts';
import { readGroupSettings, writeGroupSettings } from './settings.ts';

/** A circle's settings the server enforces (spec 001 §2.3 Settings) and its rules (§3 Group rule). */
export async function groupSettingsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['group settings'];

  api.get(
    '/api/groups/:id/settings',
    { schema: { tags, params: idParam, response: replies({ 200: groupSettingsReply }) } },
    async (request) => readGroupSettings(app.ctx, signedInUser(request), request.params.id),
  );

  api.put(
    '/api/groups/:id/settings',
    {
      schema: {
        tags,
        params: idParam,
        body: groupSettingsSchema,
        response: replies({ 200: groupSettingsReply }),
      },
    },
    async (request) => writeGroupSettings(app.ctx, signedInUser(request), request.params.id, request.body),
  );

  api.get(
    '/api/groups/:id/rules',
    { schema: { tags, params: idParam, response: replies({ 200: groupRulesReply }) } },
    async (request) => listGroupRules(app.ctx, signedInUser(request), request.params.id),
  );

  api.post(
    '/api/groups/:id/rules',
    {
      schema: {
        tags,
        params: idParam,
        body: groupRuleInputSchema,
        response: replies({ 201: groupRuleSchema }),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createGroupRule(app.ctx, signedInUser(request), request.params.id, request.body)),
  );

  api.put(
    '/api/groups/:id/rules/:ruleId',
    {
      schema: {
        tags,
        params: groupRuleParams,
        body: groupRuleInputSchema,
        response: replies({ 200: groupRuleSchema }),
      },
    },
    async (request) =>
      updateGroupRule(app.ctx, signedInUser(request), request.params.id, request.params.ruleId, request.body),
  );

  api.delete(
    '/api/groups/:id/rules/:ruleId',
    { schema: { tags, params: groupRuleParams, response: replies({ 200: successReply }) } },
    async (request) =>
      deleteGroupRule(app.ctx, signedInUser(request), request.params.id, request.params.ruleId),
  );
}
