import { z } from 'zod';
import { dbId } from './ids.ts';

/** Make Contribution by bank: which unpaid cycle (default: the current one) and which verified account. */
export const bankDebitRequestSchema = z
  .strictObject({
    cycle: z.number().int().positive().max(1000).optional(),
    bankAccountId: dbId.optional(),
  })
  .default({});
