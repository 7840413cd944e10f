import { z } from 'zod';
import { cycleNumber, dbId } from './ids.ts';

/** Make Contribution by bank: which unpaid cycle (default: the current one) and which verified account. */
export const bankDebitRequestSchema = z
  .strictObject({
    cycle: cycleNumber.optional(),
    bankAccountId: dbId.optional(),
  })
  .default({});
