import { z } from 'zod';
import { groupSummarySchema } from './group-view.ts';
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

// ---- Replies ----

export const upcomingPaymentSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  cycle: z.number().int(),
  dueDate: z.string(),
  amount: z.string(),
  status: z.enum(['pending', 'reported', 'overdue']),
});
export type UpcomingPayment = z.infer<typeof upcomingPaymentSchema>;

export const activitySchema = z.object({
  id: z.string(),
  type: z.enum(['contribution', 'payout']),
  groupId: z.number().int(),
  groupName: z.string(),
  amount: z.string(),
  at: z.string(),
  late: z.boolean(),
});
export type Activity = z.infer<typeof activitySchema>;

export const milestoneSchema = z.object({
  id: z.enum(['first-100', 'first-500', 'first-1000', 'first-2000']),
  amountCents: z.number().int(),
  achieved: z.boolean(),
  achievedDate: z.string().nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/** GET /api/user/{userId}/dashboard. */
export const dashboardReply = z.object({
  user: z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }),
  stats: z.object({
    totalSaved: z.string(),
    activeGroups: z.number().int(),
    nextPayout: z
      .object({
        groupId: z.number().int(),
        groupName: z.string(),
        amount: z.string(),
        position: z.number().int(),
        currentCycle: z.number().int(),
      })
      .nullable(),
    successRate: z.number().nullable(),
    onTimeRate: z.number().nullable(),
    walletBalance: z.string(),
    totalReceived: z.string(),
    overdueCount: z.number().int(),
  }),
  groups: z.array(groupSummarySchema),
  upcomingPayments: z.array(upcomingPaymentSchema),
  recentActivity: z.array(activitySchema),
  contributionHistory: z.array(z.object({ month: z.string(), amount: z.string() })),
  savingsGoal: z.object({ target: z.string(), monthly: z.string(), isDefault: z.boolean() }),
  milestones: z.array(milestoneSchema),
});
export type DashboardReply = z.infer<typeof dashboardReply>;

/** PUT /api/user/savings-goal: the goal as saved. */
export const savingsGoalReply = z.object({
  success: z.literal(true),
  target: z.string(),
  monthly: z.string(),
});
