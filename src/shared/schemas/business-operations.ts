import { z } from 'zod';
import { SUPPORT_PERIODS } from './support.ts';

/** Spec 001 §2.6's period selector, for the whole /business-operations page (the support tab's periods). */
export const OPERATIONS_PERIODS = SUPPORT_PERIODS;
export type OperationsPeriod = (typeof OPERATIONS_PERIODS)[number];

export const operationsPeriodQuerySchema = z.strictObject({
  period: z.enum(OPERATIONS_PERIODS, { error: 'invalidInput' }).default('month'),
});

/** A calendar month, 'YYYY-MM' (UTC), for the reports tab's monthly statement. */
export const statementQuerySchema = z.strictObject({
  month: z.string({ error: 'invalidInput' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'invalidInput' }),
});

/** The chosen period and the one just before it, as ISO instants ([from, to)). */
const windowSchema = z.object({ from: z.string(), to: z.string() });
const windowsSchema = z.object({ current: windowSchema, previous: windowSchema });

const int = () => z.number().int();

export const financialFiguresSchema = z.object({
  contributionsCents: int(),
  contributionsCount: int(),
  /** Pools released from escrow by payouts. */
  payoutsCents: int(),
  payoutsCount: int(),
  /** Net movement of the ledger's fee_revenue account. */
  feeRevenueCents: int(),
  /** Money in members' wallets at the end of the window. */
  walletsHeldCents: int(),
  /** Reserve money moved into escrow to cover short cycles. */
  reserveCoverCents: int(),
  reserveCoverCount: int(),
  withdrawalsCents: int(),
  withdrawalFeesCents: int(),
});
export type FinancialFigures = z.infer<typeof financialFiguresSchema>;

export const feeByKindSchema = z.object({ kind: z.string(), current: int(), previous: int() });
export const withdrawalMethodRowSchema = z.object({
  method: z.string(),
  count: int(),
  amountCents: int(),
  feeCents: int(),
  previousCount: int(),
  previousAmountCents: int(),
});

export const reconciliationDifferenceSchema = z.object({
  source: z.enum(['bank_debit', 'withdrawal']),
  id: int(),
  providerRef: z.string().nullable(),
  settledAt: z.string(),
  providerCents: int(),
  ledgerCents: int(),
  differenceCents: int(),
});
export const reconciliationSchema = z.object({
  /** Bank debits that succeeded and withdrawals that completed within the period. */
  settledCount: int(),
  providerCents: int(),
  ledgerCents: int(),
  differenceCents: int(),
  /** Each settled record whose ledger amount differs from what the provider settled. */
  differences: z.array(reconciliationDifferenceSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const financialReply = z.object({
  period: z.enum(OPERATIONS_PERIODS),
  windows: windowsSchema,
  current: financialFiguresSchema,
  previous: financialFiguresSchema,
  feesByKind: z.array(feeByKindSchema),
  withdrawalsByMethod: z.array(withdrawalMethodRowSchema),
  reconciliation: reconciliationSchema,
});
export type FinancialReply = z.infer<typeof financialReply>;

export const VERIFICATION_CHECKS = ['identity', 'bank', 'phone', 'address'] as const;
export const verificationCoverageRowSchema = z.object({
  check: z.enum(VERIFICATION_CHECKS),
  verified: int(),
  pending: int(),
  failed: int(),
  notStarted: int(),
});
/** Spec 001 §2.6's compliance labels, mapped to verification states (decision 0035). */
export const COMPLIANCE_LABELS = ['certified', 'compliant', 'in_review', 'action_needed'] as const;

export const complianceFiguresSchema = z.object({
  /** Checks that became verified within the window (identity, phone, address and bank together). */
  verificationsCompleted: int(),
  auditEvents: int(),
  unverifiedMovers: int(),
  unverifiedMovedCents: int(),
});
export type ComplianceFigures = z.infer<typeof complianceFiguresSchema>;

export const complianceReply = z.object({
  period: z.enum(OPERATIONS_PERIODS),
  windows: windowsSchema,
  members: int(),
  coverage: z.array(verificationCoverageRowSchema),
  labels: z.object({ certified: int(), compliant: int(), in_review: int(), action_needed: int() }),
  current: complianceFiguresSchema,
  previous: complianceFiguresSchema,
  unverifiedMovers: z.array(
    z.object({
      userId: int(),
      username: z.string(),
      identityStatus: z.string(),
      transfers: int(),
      movedCents: int(),
    }),
  ),
  auditActivity: z.array(z.object({ action: z.string(), current: int(), previous: int() })),
});
export type ComplianceReply = z.infer<typeof complianceReply>;

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const riskFiguresSchema = z.object({
  /** Contributions whose grace period ended within the window without their being paid by then. */
  missedPayments: int(),
  penaltiesCharged: int(),
  penaltiesCents: int(),
  disputesOpened: int(),
});
export type RiskFigures = z.infer<typeof riskFiguresSchema>;

export const riskMemberSchema = z.object({
  userId: int(),
  username: z.string(),
  level: z.enum(RISK_LEVELS),
  overdue: int(),
  owedPenaltyCents: int(),
  inactiveMemberships: int(),
  openDisputes: int(),
  frozenCircles: int(),
});
export const riskCircleSchema = z.object({
  groupId: int(),
  name: z.string(),
  level: z.enum(RISK_LEVELS),
  members: int(),
  overdueMembers: int(),
  owedPenaltyCents: int(),
  openDisputes: int(),
  disputedPayouts: int(),
  frozen: z.boolean(),
});

export const riskReply = z.object({
  period: z.enum(OPERATIONS_PERIODS),
  windows: windowsSchema,
  current: riskFiguresSchema,
  previous: riskFiguresSchema,
  members: z.array(riskMemberSchema),
  circles: z.array(riskCircleSchema),
});
export type RiskReply = z.infer<typeof riskReply>;

export const OVERVIEW_KPIS = [
  'contributions',
  'payouts',
  'feeRevenue',
  'withdrawals',
  'walletsHeld',
  'missedPayments',
  'penalties',
  'supportTickets',
] as const;
export const overviewReply = z.object({
  period: z.enum(OPERATIONS_PERIODS),
  windows: windowsSchema,
  kpis: z.array(
    z.object({
      key: z.enum(OVERVIEW_KPIS),
      unit: z.enum(['cents', 'count']),
      current: int(),
      previous: int(),
    }),
  ),
});
export type OverviewReply = z.infer<typeof overviewReply>;

export const operationsCsvReply = z.string().describe('text/csv');
