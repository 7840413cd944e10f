import { z } from 'zod';

/** POST /api/test/clock (tests only): the body moves the clock forward by whole days. */
export const advanceClockSchema = z.strictObject({ advanceDays: z.number().int().min(0).max(400) });

/** The new time, and how much due work the sweep that followed did. */
export const advanceClockReply = z.object({
  now: z.string(),
  codesRemoved: z.number().int(),
  expired: z.number().int(),
  executed: z.number().int(),
  reminders: z.number().int(),
  memberStatusChanges: z.number().int(),
  payouts: z.number().int(),
  withdrawals: z.number().int(),
  debits: z.number().int(),
  /** Monthly statements emailed. */
  statements: z.number().int(),
  /** Product events past their 13 months, deleted. */
  productEventsDeleted: z.number().int(),
});
