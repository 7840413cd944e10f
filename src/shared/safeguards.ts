import { z } from 'zod';

/**
 * The five safeguards a circle can turn on (PRODUCT.md "Safeguards"), what each one's settings
 * are and what they gate. Both the server (gates, validation) and the Security tab read this.
 */
export const safeguardTypes = [
  'multi_signature',
  'time_lock',
  'member_vote',
  'third_party_custody',
  'transaction_limits',
] as const;
export type SafeguardType = (typeof safeguardTypes)[number];

const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);

/** Settings per safeguard, with the spec's sample figures as defaults (48-hour lock, 3 signatures). */
export const safeguardConfigSchemas = {
  /** Releasing escrow needs this many approvals from members other than the one who asks. */
  multi_signature: z.strictObject({ requiredApprovals: wholeNumber(1, 19) }),
  /** Escrow is released no sooner than this many hours after it became ready. */
  time_lock: z.strictObject({ hours: wholeNumber(1, 168) }),
  /** Rotation changes and safeguard changes need this share (percent) of the other members to approve. */
  member_vote: z.strictObject({ approvalPercent: wholeNumber(50, 100) }),
  /** The pool stays with the payment processor until released into a wallet: no hand-overs outside the app. */
  third_party_custody: z.strictObject({}),
  /** Caps on a member's withdrawals while they belong to this circle, in cents. */
  transaction_limits: z.strictObject({
    perWithdrawalCents: wholeNumber(100, 5_000_000),
    dailyCents: wholeNumber(100, 5_000_000),
  }),
} as const;

export type SafeguardConfig<T extends SafeguardType> = z.infer<(typeof safeguardConfigSchemas)[T]>;

export const defaultSafeguardConfig: { [T in SafeguardType]: SafeguardConfig<T> } = {
  multi_signature: { requiredApprovals: 3 },
  time_lock: { hours: 48 },
  member_vote: { approvalPercent: 51 },
  third_party_custody: {},
  transaction_limits: { perWithdrawalCents: 100_000, dailyCents: 200_000 },
};

/** Approvals a member vote needs: the given share of the members other than the requester, at least one. */
export function votesNeeded(approvalPercent: number, memberCount: number): number {
  const others = Math.max(1, memberCount - 1);
  return Math.max(1, Math.ceil((approvalPercent * others) / 100));
}

/** A pending action expires if not approved within this time. */
export const PENDING_ACTION_TTL_HOURS = 72;
