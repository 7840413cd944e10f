import { z } from 'zod';
import { dbIdParam } from './ids.ts';

export const historyQuerySchema = z.strictObject({
  type: z.enum(['all', 'contribution', 'payout', 'penalty']).default('all'),
  groupId: dbIdParam.optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyEntrySchema = z.object({
  id: z.string(),
  type: z.enum(['contribution', 'payout', 'penalty']),
  groupId: z.number().int(),
  groupName: z.string(),
  cycle: z.number().int(),
  amount: z.string(),
  status: z.string(),
  late: z.boolean(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/user/history: newest first. */
export const historyReply = z.object({ entries: z.array(historyEntrySchema) });
export type HistoryReply = z.infer<typeof historyReply>;
