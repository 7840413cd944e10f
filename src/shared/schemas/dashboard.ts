import { z } from 'zod';
import { amountString } from './groups.ts';
import { dbIdParam } from './ids.ts';

export const DEFAULT_SAVINGS_TARGET_CENTS = 500_000;
export const DEFAULT_MONTHLY_GOAL_CENTS = 50_000;

/** Milestones of total saved, in cents, with the spec's ids. */
export const milestoneThresholds = [
  { id: 'first-100', cents: 10_000 },
  { id: 'first-500', cents: 50_000 },
  { id: 'first-1000', cents: 100_000 },
  { id: 'first-2000', cents: 200_000 },
] as const;

export const savingsGoalSchema = z.strictObject({
  target: amountString.refine((v) => Number(v) >= 1, { error: 'goalMin' }),
  monthly: amountString.refine((v) => Number(v) >= 1, { error: 'goalMin' }),
});
export const userIdParam = z.strictObject({ userId: dbIdParam });
