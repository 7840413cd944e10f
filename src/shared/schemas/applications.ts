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

export type ApplicationStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

/** An application as its applicant sees it. */
export type MyApplication = {
  id: number;
  groupId: number;
  status: ApplicationStatus;
  reason: string;
  monthlyIncome: string | null;
  creditScore: number | null;
  referredBy: string | null;
  appliedDate: string;
  decidedAt: string | null;
  decisionReason: string | null;
  /** Closed because the circle filled, not by an admin's decision. */
  closedBecauseFull: boolean;
};

/** The applicant's payments in their other circles, from stored contributions. */
export type PaymentRecord = {
  /** Circles they belong to besides this one. */
  circles: number;
  paidOnTime: number;
  paidLate: number;
  /** Unpaid past the due date and grace period. */
  overdue: number;
};

/** GET /api/groups/{id}/applications: the spec's pending applicant, with a real payment record. */
export type PendingApplicant = {
  id: number;
  userId: number;
  name: string;
  email: string;
  /** Self-reported. */
  creditScore: number | null;
  appliedDate: string;
  referredBy: string | null;
  /** Self-reported, decimal dollars. */
  monthlyIncome: string | null;
  reason: string;
  paymentRecord: PaymentRecord;
};

export type ApplicationsReply = { applications: PendingApplicant[] };
