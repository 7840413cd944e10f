import { z } from 'zod';
import { safeguardTypes } from '../safeguards.ts';
import { dbId, dbIdParam, MAX_DB_ID } from './ids.ts';
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
