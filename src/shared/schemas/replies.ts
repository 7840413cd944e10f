import { z } from 'zod';
import { type ErrorCode, errorCatalog } from '../errors.ts';

/** One of the platform's error codes (shared/errors.ts). */
export const errorCodeSchema = z.enum(Object.keys(errorCatalog) as [ErrorCode, ...ErrorCode[]]);

/** Every 4xx/5xx reply (server/http/error-handler.ts): the code, its text twice, and validation issues. */
export const errorReply = z.object({
  success: z.literal(false),
  code: errorCodeSchema,
  message: z.string(),
  /** Same text as `message`; the spec's client reads `error` on auth replies. */
  error: z.string(),
  /** `key` names the validation message (see messages.ts) for translated display. */
  issues: z.array(z.object({ path: z.string(), message: z.string(), key: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

/** A route's replies: its success codes plus the platform's error reply for every 4xx and 5xx. */
export function replies<const T extends Record<number, z.ZodType>>(success: T) {
  return { ...success, '4xx': errorReply, '5xx': errorReply };
}

/** `{ success: true }`, the reply of an action with nothing more to say. */
export const successReply = z.object({ success: z.literal(true) });

/** Accepted (202): a safeguard asks for the members' approval first; this action carries it. */
export const pendingActionReply = z.object({ success: z.literal(true), pendingActionId: z.number().int() });

export type SuccessReply = z.infer<typeof successReply>;
export type PendingActionReply = z.infer<typeof pendingActionReply>;
