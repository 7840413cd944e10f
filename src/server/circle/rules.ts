import { percentOfCents } from '#shared/money.ts';
import type { Group } from './access.ts';

/** Process Payout is offered, and allowed, from 95% of members paid; the reserve covers the rest. */
export const PAYOUT_PROGRESS_THRESHOLD = 0.95;

/**
 * The part of a contribution that goes to the circle's reserve (the emergency fund, decision 0030):
 * the group's percentage, rounded half-up to the cent. Fixed once the circle has started.
 */
export const emergencyShareCents = (
  group: Pick<Group, 'emergencyFundPercentage'>,
  contributionCents: number,
) => percentOfCents(contributionCents, group.emergencyFundPercentage * 100);

/**
 * The pool a cycle pays its recipient: every seat's contribution less its emergency-fund share,
 * whether or not the seat is filled.
 */
export const poolCents = (
  group: Pick<Group, 'contributionCents' | 'memberLimit' | 'emergencyFundPercentage'>,
) => (group.contributionCents - emergencyShareCents(group, group.contributionCents)) * group.memberLimit;

/**
 * Paid contributions needed out of `members` at this share (0.95 for Process Payout, the circle's
 * threshold / 100 otherwise), rounded up. The small margin undoes floating-point error, so this is
 * `ceil(members * percent / 100)` in whole numbers: 14% of 50 needs 7, not 8 (0.14 * 50 = 7.000000000000001).
 */
export const requiredPaid = (members: number, minimumShare: number) =>
  Math.ceil(members * minimumShare - 1e-9);
