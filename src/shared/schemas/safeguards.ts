import { z } from 'zod';
import { safeguardTypes } from '../safeguards.ts';
import { groupStatuses } from './group-view.ts';
import { dbId, dbIdParam, MAX_DB_ID } from './ids.ts';
import { providerInfoSchema } from './payments.ts';
import type { pendingActionReply } from './replies.ts';
import { text } from './text.ts';

export const safeguardParams = z.strictObject({
  groupId: dbIdParam,
  ruleId: z.enum(safeguardTypes, { error: 'safeguardUnknown' }),
});

/** PUT …/safeguards/{ruleId}: on/off and, optionally, the rule's settings (checked per rule on the server). */
export const updateSafeguardSchema = z.strictObject({
  enabled: z.boolean(),
  // Every rule's settings are whole numbers (hours, percent, cents); each rule checks its own.
  configuration: z.record(text({ max: 40 }), z.number().int().min(0).max(MAX_DB_ID)).optional(),
});
export type UpdateSafeguardInput = z.infer<typeof updateSafeguardSchema>;

export const actionParams = z.strictObject({ groupId: dbIdParam, actionId: dbIdParam });

/** The spec sends the approver's userId; the server takes the approver from the session. */
export const approveActionSchema = z.strictObject({ userId: dbId.optional() }).default({});

/** POST /api/escrow/release: the spec's payload. `authorizedBy`, if sent, must be the signed-in admin. */
export const releaseEscrowSchema = z.strictObject({ escrowId: dbId, authorizedBy: dbId.optional() });

const reasonText = text({
  min: 1,
  max: 500,
  multiline: true,
  messages: { required: 'reasonRequired', max: 'reasonMax' },
});

export const openDisputeSchema = z.strictObject({ reason: reasonText });
export const resolveDisputeSchema = z.strictObject({ resolution: reasonText });
export const escrowIdParam = z.strictObject({ escrowId: dbIdParam });
export const disputeIdParam = z.strictObject({ disputeId: dbIdParam });

// ---- Replies ----

export const safeguardViewSchema = z.object({
  id: z.enum(safeguardTypes),
  type: z.enum(safeguardTypes),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** The rule's settings (shared/safeguards.ts: safeguardConfigSchemas). */
  configuration: z.record(z.string(), z.number()),
  lastModified: z.string().nullable(),
  modifiedBy: z.string().nullable(),
});
export type SafeguardView = z.infer<typeof safeguardViewSchema>;

/** GET /api/groups/{groupId}/safeguards: the Security tab. */
export const safeguardsReply = z.object({
  safeguards: z.array(safeguardViewSchema),
  custody: providerInfoSchema,
  viewer: z.object({
    isAdmin: z.boolean(),
    groupStatus: z.enum(groupStatuses),
    memberCount: z.number().int(),
  }),
});
export type SafeguardsReply = z.infer<typeof safeguardsReply>;

/** PUT …/safeguards/{ruleId}: 200 applied, or 202 waiting for the members' vote. */
export const safeguardUpdatedReply = z.object({
  success: z.literal(true),
  safeguard: z.object({
    type: z.enum(safeguardTypes),
    enabled: z.boolean(),
    config: z.record(z.string(), z.number()),
  }),
});
export type SafeguardUpdateReply = z.infer<typeof safeguardUpdatedReply> | z.infer<typeof pendingActionReply>;
