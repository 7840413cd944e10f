import { z } from 'zod';
import { dbId, dbIdParam } from './ids.ts';

export const memberParams = z.strictObject({ groupId: dbIdParam, userId: dbIdParam });

/** The spec's payload: the bank account that pays (the client sends its first account's id). */
export const setupAutoPaySchema = z
  .strictObject({
    paymentMethodId: z
      .union([
        dbId,
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number)
          .pipe(dbId),
      ])
      .optional(),
  })
  .default({});

/** Collection settings: retries after a failed auto-pay debit (spec 001 §9: 1, 3 or 5). */
export const collectionSettingsSchema = z.strictObject({
  retryAttempts: z.union([z.literal(1), z.literal(3), z.literal(5)]),
});
export type CollectionSettings = z.infer<typeof collectionSettingsSchema>;

// ---- Replies ----

export const autopayStatuses = ['active', 'inactive', 'failed'] as const;

/** GET /api/groups/{groupId}/payment-schedules: the Auto-Pay tab. */
export const paymentSchedulesReply = z.object({
  paymentSchedules: z.array(
    z.object({
      id: z.number().int().nullable(),
      userId: z.number().int(),
      userName: z.string(),
      status: z.enum([...autopayStatuses, 'setup_required']),
      paymentMethodLast4: z.string().nullable(),
      nextPaymentDate: z.string().nullable(),
      lastPaymentDate: z.string().nullable(),
      failureCount: z.number().int(),
    }),
  ),
  summary: z.object({
    automationRate: z.number(),
    collectionPerCycle: z.string(),
    nextCollectionDate: z.string().nullable(),
  }),
  settings: z.object({
    retryAttempts: z.number().int(),
    frequency: z.enum(['weekly', 'bi-weekly', 'monthly']),
    contributionDay: z.number().int(),
    gracePeriodDays: z.number().int(),
  }),
  viewer: z.object({ userId: z.number().int(), isAdmin: z.boolean() }),
});
export type PaymentSchedulesReply = z.infer<typeof paymentSchedulesReply>;

/** Setting up or cancelling automatic payments. */
export const autopayChangeReply = z.object({
  success: z.literal(true),
  message: z.string(),
  status: z.enum(autopayStatuses),
});
export type AutopayChangeReply = z.infer<typeof autopayChangeReply>;

export const collectionSettingsReply = z.object({
  success: z.literal(true),
  retryAttempts: z.union([z.literal(1), z.literal(3), z.literal(5)]),
});
export type CollectionSettingsReply = z.infer<typeof collectionSettingsReply>;
