import { z } from 'zod';
import { contributionStatuses, penaltyStatuses } from './groups.ts';

export const memberPaymentSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  status: z.enum(['pending', 'paid', 'overdue', 'at_risk']),
  currentContribution: z
    .object({
      id: z.number().int(),
      status: z.enum(contributionStatuses),
      dueDate: z.string(),
      amount: z.string(),
    })
    .nullable(),
  paidCount: z.number().int(),
  onTimeCount: z.number().int(),
  lateCount: z.number().int(),
  missedCount: z.number().int(),
  overdueAmount: z.string(),
  penaltyOwed: z.string(),
  onTimeRate: z.number().nullable(),
  riskScore: z.number(),
  riskLevel: z.enum(['low', 'medium', 'high', 'critical']),
  autopay: z.boolean(),
  lastReminderAt: z.string().nullable(),
  remindableContributionId: z.number().int().nullable(),
  penaltyContributionId: z.number().int().nullable(),
});
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

/** GET /api/groups/{groupId}/payment-monitoring: the Payments tab. */
export const paymentMonitoringReply = z.object({
  summary: z.object({
    complianceRate: z.number().nullable(),
    overdueCount: z.number().int(),
    overdueAmount: z.string(),
    atRiskCount: z.number().int(),
    collectedThisCycle: z.string(),
    expectedThisCycle: z.string(),
  }),
  members: z.array(memberPaymentSchema),
  /** The group's enforcement rules; null for members who are not admins. */
  rules: z
    .object({
      gracePeriodDays: z.number().int(),
      penaltyPercentage: z.number(),
      reminderDays: z.number().int(),
      retryAttempts: z.number().int(),
      autoPayout: z.boolean(),
      minContributionThreshold: z.number(),
    })
    .nullable(),
  viewer: z.object({ userId: z.number().int(), isAdmin: z.boolean() }),
  groupStatus: z.enum(['recruiting', 'active', 'completed']),
});
export type PaymentMonitoringReply = z.infer<typeof paymentMonitoringReply>;

/** POST …/members/{userId}/remind (201). */
export const reminderSentReply = z.object({
  success: z.literal(true),
  reminderId: z.number().int(),
  sentAt: z.string(),
});

/** POST /api/contributions/{id}/penalty/apply. */
export const penaltyAppliedReply = z.object({
  success: z.literal(true),
  contributionId: z.number().int(),
  penaltyStatus: z.enum(penaltyStatuses),
  penalty: z.string(),
});
export type PenaltyAppliedReply = z.infer<typeof penaltyAppliedReply>;
export type ReminderSentReply = z.infer<typeof reminderSentReply>;
