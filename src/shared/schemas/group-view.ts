import { z } from 'zod';

export const groupStatuses = ['recruiting', 'active', 'completed'] as const;
export const frequencies = ['weekly', 'bi-weekly', 'monthly'] as const;
export const rotationMethods = ['join_order', 'admin_set', 'random_draw'] as const;
export type GroupStatus = (typeof groupStatuses)[number];
export type Frequency = (typeof frequencies)[number];
export type RotationMethod = (typeof rotationMethods)[number];

/** A group as the API shows it to its members (GET /api/groups/{id}, list rows, dashboard cards). */
export const groupViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contributionAmount: z.string(),
  memberLimit: z.number().int(),
  currentMembers: z.number().int(),
  currentCycle: z.number().int(),
  totalCycles: z.number().int(),
  status: z.enum(groupStatuses),
  createdBy: z.number().int(),
  inviteCode: z.string().optional(),
  payoutAmount: z.string(),
  /** Share of each contribution kept in the reserve (decision 0030); payoutAmount is already net of it. */
  emergencyFundPercentage: z.number().int(),
  frequency: z.enum(frequencies),
  contributionDay: z.number().int(),
  gracePeriodDays: z.number().int(),
  startDate: z.string(),
  timeZone: z.string(),
  rotationMethod: z.enum(rotationMethods),
  requireApproval: z.boolean(),
  penaltyPercentage: z.number(),
  autoPayout: z.boolean(),
  /** Days before the due date that members are reminded. */
  reminderDays: z.number().int(),
  /** Percent of contributions paid before the pool can be released. */
  minContributionThreshold: z.number(),
  /** Paused by an admin: no escrow is released until it is unfrozen. */
  frozen: z.boolean(),
  frozenReason: z.string().nullable(),
  seedHash: z.string().nullable(),
  seed: z.string().nullable(),
  createdAt: z.string(),
});
export type GroupView = z.infer<typeof groupViewSchema>;

/** One row of GET /api/user/groups (also `groups` of the dashboard). */
export const groupSummarySchema = groupViewSchema.extend({
  contributionProgress: z.number(),
  nextRecipient: z.string().nullable(),
  payoutDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  balance: z.string(),
  myPosition: z.number().int().nullable(),
  hasReceivedPayout: z.boolean(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;
