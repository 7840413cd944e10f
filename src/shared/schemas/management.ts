import { z } from 'zod';

const int = () => z.number().int();
const cents = () => z.number().int().describe('integer cents');

/**
 * The group score, 0–100 (GET /api/groups/{id}/management-summary), and what it is made of:
 *
 *   with contributions due:  60% × on-time rate + 40% × members' average trust score
 *   nothing due yet:         members' average trust score (payments neither help nor hurt)
 *
 * On-time rate = this circle's contributions paid on time ÷ (paid + missed), in %; a contribution
 * counts once it is paid or past its due date plus grace (missed). Rounded half up.
 */
export const GROUP_SCORE_WEIGHTS = { onTime: 60, trust: 40 } as const;

export function groupScoreOf(onTimeRate: number | null, averageTrust: number): number {
  if (onTimeRate === null) return Math.round(averageTrust);
  return Math.round(
    (GROUP_SCORE_WEIGHTS.onTime * onTimeRate + GROUP_SCORE_WEIGHTS.trust * averageTrust) / 100,
  );
}

export const groupScoreSchema = z.object({
  score: int(),
  /** Paid on time ÷ (paid + missed) in %, or null while nothing is due. */
  onTimeRate: int().nullable(),
  paidOnTime: int(),
  paidLate: int(),
  missed: int(),
  /** Members' average trust score (the Verification tab's), rounded. */
  averageTrustScore: int(),
  weights: z.object({ onTime: int(), trust: int() }),
});
export type GroupScore = z.infer<typeof groupScoreSchema>;

/** GET /api/groups/{id}/management-summary (members): the cards at the top of group management. */
export const managementSummaryReply = z.object({
  groupId: int(),
  status: z.enum(['recruiting', 'active', 'completed']),
  frozen: z.boolean(),
  frozenReason: z.string().nullable(),
  totalMembers: int(),
  memberLimit: int(),
  /** Requests to join waiting for a decision; null for members who are not admins. */
  pendingApprovals: int().nullable(),
  /** Every paid contribution of the circle. */
  totalSavedCents: cents(),
  groupScore: groupScoreSchema,
  isAdmin: z.boolean(),
});
export type ManagementSummary = z.infer<typeof managementSummaryReply>;

const penaltyStatus = z.enum(['owed', 'paid', 'waived']);

export const statementMemberSchema = z.object({
  userId: int(),
  name: z.string(),
  position: int().nullable(),
  role: z.enum(['member', 'admin']),
  status: z.enum(['active', 'inactive', 'suspended']),
  /** Paid contributions, of which late ones (settled after due date + grace). */
  paid: int(),
  late: int(),
  /** Unpaid past due date + grace. */
  missed: int(),
  /** Unpaid and not yet overdue. */
  open: int(),
  paidCents: cents(),
  penaltiesOwedCents: cents(),
  penaltiesPaidCents: cents(),
  penaltiesWaivedCents: cents(),
  /** Net payouts received (after the fee). */
  receivedCents: cents(),
});

export const statementCycleSchema = z.object({
  cycle: int(),
  dueOn: z.string().nullable(),
  recipientName: z.string().nullable(),
  /** Contribution × members with a contribution in this cycle. */
  expectedCents: cents(),
  paidCount: int(),
  lateCount: int(),
  missedCount: int(),
  paidCents: cents(),
  penaltiesCents: cents(),
  payoutCents: cents(),
  feeCents: cents(),
  reserveCoverCents: cents(),
});

export const statementPayoutSchema = z.object({
  cycle: int(),
  recipientId: int(),
  recipientName: z.string(),
  poolCents: cents(),
  feeCents: cents(),
  /** What the recipient got: the pool minus the fee. */
  amountCents: cents(),
  /** The part of the pool the reserve paid for missing contributions. */
  reserveCoverCents: cents(),
  delivery: z.enum(['wallet', 'off_app']),
  paidAt: z.string().nullable(),
});

export const statementPenaltySchema = z.object({
  contributionId: int(),
  cycle: int(),
  userId: int(),
  name: z.string(),
  amountCents: cents(),
  status: penaltyStatus,
});

export const reserveMovementSchema = z.object({
  at: z.string(),
  /** The ledger transfer's kind: penalty, reserve_cover, reserve_distribution, contribution… */
  kind: z.string(),
  name: z.string().nullable(),
  /** Into the reserve positive, out of it negative. */
  amountCents: cents(),
  balanceAfterCents: cents(),
});

/** GET /api/groups/{id}/statement (admins): the circle's statement from its records and the ledger. */
export const circleStatementReply = z.object({
  group: z.object({
    id: int(),
    name: z.string(),
    status: z.enum(['recruiting', 'active', 'completed']),
    frozen: z.boolean(),
    contributionCents: cents(),
    memberLimit: int(),
    currentCycle: int(),
    totalCycles: int(),
    penaltyPercentage: int(),
  }),
  generatedAt: z.string(),
  members: z.array(statementMemberSchema),
  cycles: z.array(statementCycleSchema),
  payouts: z.array(statementPayoutSchema),
  penalties: z.array(statementPenaltySchema),
  reserve: z.object({ balanceCents: cents(), movements: z.array(reserveMovementSchema) }),
  totals: z.object({
    contributionsPaidCents: cents(),
    penaltiesOwedCents: cents(),
    penaltiesPaidCents: cents(),
    penaltiesWaivedCents: cents(),
    payoutsCents: cents(),
    feesCents: cents(),
    reserveCoverCents: cents(),
    reserveBalanceCents: cents(),
    /** Paid in and not yet paid out: the cycles' escrow balances. */
    escrowHeldCents: cents(),
  }),
});
export type CircleStatement = z.infer<typeof circleStatementReply>;

export const circleStatementCsvReply = z.string().describe('text/csv');
