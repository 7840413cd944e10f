import { z } from 'zod';
import { text } from './text.ts';

/** Decimal dollars ("4500", "4500.50"), like the group amounts; kept here so this file imports no other schema. */
const dollars = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'amountFormat' });

/** An empty optional text field means "not given". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const creditScoreSchema = z
  .number({ error: 'creditScoreRange' })
  .int({ error: 'creditScoreRange' })
  .min(300, { error: 'creditScoreRange' })
  .max(850, { error: 'creditScoreRange' });

/**
 * What a request to join may carry (POST /api/groups/{id}/join). All optional here: a group that
 * admits members directly ignores them, and one that reviews members needs the reason (the server
 * checks that, since only it knows the group).
 */
export const applicationFields = {
  reason: text({ max: 500, multiline: true, messages: { max: 'reasonMax' } }).optional(),
  /** Self-reported; nothing checks it. */
  monthlyIncome: z.preprocess(blankToUndefined, dollars.optional()),
  /** Self-reported, 300–850; nothing checks it. */
  creditScore: creditScoreSchema.optional(),
  referredBy: z.preprocess(
    blankToUndefined,
    text({ max: 100, messages: { max: 'referredByMax' } }).optional(),
  ),
};
const applicationFieldsObject = z.object(applicationFields);
export type ApplicationFields = z.output<typeof applicationFieldsObject>;

/** The application form: the same fields with the reason required. */
export const applicationSchema = z.strictObject({
  ...applicationFields,
  reason: text({
    min: 1,
    max: 500,
    multiline: true,
    messages: { required: 'joinReasonRequired', max: 'reasonMax' },
  }),
});
export type ApplicationInput = z.input<typeof applicationSchema>;

/** Reject: the applicant is told this reason, so it may not be blank. */
export const rejectApplicationSchema = z.strictObject({
  reason: text({
    min: 1,
    max: 500,
    multiline: true,
    messages: { required: 'reasonRequired', max: 'reasonMax' },
  }),
});

export const applicationStatuses = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** An application as its applicant sees it. */
export const myApplicationSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  status: z.enum(applicationStatuses),
  reason: z.string(),
  monthlyIncome: z.string().nullable(),
  creditScore: z.number().int().nullable(),
  referredBy: z.string().nullable(),
  appliedDate: z.string(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** Closed because the circle filled, not by an admin's decision. */
  closedBecauseFull: z.boolean(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

/** The applicant's payments in their other circles, from stored contributions. */
export const paymentRecordSchema = z.object({
  /** Circles they belong to besides this one. */
  circles: z.number().int(),
  paidOnTime: z.number().int(),
  paidLate: z.number().int(),
  /** Unpaid past the due date and grace period. */
  overdue: z.number().int(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** GET /api/groups/{id}/applications: the spec's pending applicant, with a real payment record. */
export const pendingApplicantSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Self-reported. */
  creditScore: z.number().int().nullable(),
  /** Below the circle's minimum credit score (group settings). */
  belowMinCredit: z.boolean(),
  appliedDate: z.string(),
  referredBy: z.string().nullable(),
  /** Self-reported, decimal dollars. */
  monthlyIncome: z.string().nullable(),
  reason: z.string(),
  paymentRecord: paymentRecordSchema,
  /** The applicant's trust score (0–100), as the Verification tab computes it. */
  trustScore: z.number().int(),
});
export type PendingApplicant = z.infer<typeof pendingApplicantSchema>;

export const applicationsReply = z.object({ applications: z.array(pendingApplicantSchema) });
export type ApplicationsReply = z.infer<typeof applicationsReply>;

/** GET /api/applications/mine: the person's own requests, with the group's name. */
export const myApplicationsReply = z.object({
  applications: z.array(myApplicationSchema.extend({ groupName: z.string() })),
});
export type MyApplicationsReply = z.infer<typeof myApplicationsReply>;

export const approveApplicationReply = z.object({
  success: z.literal(true),
  message: z.string(),
  application: myApplicationSchema,
  group: z.object({
    id: z.number().int(),
    status: z.enum(['recruiting', 'active']),
    currentMembers: z.number().int(),
  }),
});
export const rejectApplicationReply = z.object({
  success: z.literal(true),
  message: z.string(),
  application: myApplicationSchema,
});
export const withdrawApplicationReply = z.object({
  success: z.literal(true),
  application: myApplicationSchema,
});
export type WithdrawApplicationReply = z.infer<typeof withdrawApplicationReply>;
