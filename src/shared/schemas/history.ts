import { z } from 'zod';
import { dbIdParam } from './ids.ts';

export const historyQuerySchema = z.strictObject({
  type: z.enum(['all', 'contribution', 'payout', 'penalty']).default('all'),
  groupId: dbIdParam.optional(),
});

export type HistoryEntry = {
  id: string;
  type: 'contribution' | 'payout' | 'penalty';
  groupId: number;
  groupName: string;
  cycle: number;
  amount: string;
  status: string;
  late: boolean;
  at: string;
};
