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
