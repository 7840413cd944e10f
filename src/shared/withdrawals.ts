import { type Cents, percentOfCents } from './money.ts';

/** Spec document 1, section 9: the four ways to take money out of the wallet. */
export const withdrawalMethods = ['bank_transfer', 'instant', 'wire', 'check'] as const;
export type WithdrawalMethod = (typeof withdrawalMethods)[number];

export type WithdrawalRule = {
  /** Basis points of the amount, then at least `minimumFeeCents`; or a flat fee. */
  feeBasisPoints: number;
  minimumFeeCents: Cents;
  flatFeeCents: Cents;
  minCents: Cents;
  maxCents: Cents;
  /** Wire details or a mailing address; ACH and instant go to the verified bank account. */
  needsRecipientInfo: boolean;
  /** Sent to the user's linked, verified bank account. */
  needsBankAccount: boolean;
};

export const withdrawalRules: Record<WithdrawalMethod, WithdrawalRule> = {
  bank_transfer: {
    feeBasisPoints: 0,
    minimumFeeCents: 0,
    flatFeeCents: 0,
    minCents: 100,
    maxCents: 1_000_000,
    needsRecipientInfo: false,
    needsBankAccount: true,
  },
  instant: {
    feeBasisPoints: 150,
    minimumFeeCents: 50,
    flatFeeCents: 0,
    minCents: 100,
    maxCents: 500_000,
    needsRecipientInfo: false,
    needsBankAccount: true,
  },
  wire: {
    feeBasisPoints: 0,
    minimumFeeCents: 0,
    flatFeeCents: 1500,
    minCents: 10_000,
    maxCents: 5_000_000,
    needsRecipientInfo: true,
    needsBankAccount: false,
  },
  check: {
    feeBasisPoints: 0,
    minimumFeeCents: 0,
    flatFeeCents: 250,
    minCents: 2500,
    maxCents: 2_500_000,
    needsRecipientInfo: true,
    needsBankAccount: false,
  },
};

/** The fee for withdrawing `amountCents` by `method`; the wallet is charged amount + fee. */
export function withdrawalFeeCents(method: WithdrawalMethod, amountCents: Cents): Cents {
  const rule = withdrawalRules[method];
  if (rule.flatFeeCents > 0) return rule.flatFeeCents;
  if (rule.feeBasisPoints === 0) return 0;
  return Math.max(rule.minimumFeeCents, percentOfCents(amountCents, rule.feeBasisPoints));
}

/** Within the method's range (inclusive). */
export function withinLimits(method: WithdrawalMethod, amountCents: Cents): boolean {
  const rule = withdrawalRules[method];
  return amountCents >= rule.minCents && amountCents <= rule.maxCents;
}
