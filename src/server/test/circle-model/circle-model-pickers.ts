import fc from 'fast-check';
import type { ActorKind } from './circle-model-harness.ts';
import { type Behaviour, METHODS, RULES, type Rule } from './circle-model-state.ts';

/** The small choices commands are made of (picks are resolved against the model when a step runs). */

export const pick = fc.nat({ max: 999 });
export const actorKind = fc.constantFrom<ActorKind>('admin', 'admin', 'admin', 'admin', 'member', 'outsider');
export const method = fc.constantFrom(...METHODS);
export const cycleChoice = fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined, freq: 3 });
/** For paying: mostly the current cycle, sometimes the member's oldest unpaid one (0), or any. */
export const payCycle = fc.option(fc.constantFrom(0, 0, 1, 2, 3, 4, 5), { nil: undefined, freq: 3 });
/** Mostly accounts that work, so money moves; the failing ones often enough to see failures. */
export const behaviour = fc.constantFrom<Behaviour>(
  'succeeds',
  'succeeds',
  'succeeds',
  'debit_insufficient_funds',
  'payout_fails',
);

/** Safeguard settings: mostly valid ones, some out of range or more approvals than members. */
export const settings = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 6,
    arbitrary: fc.record({
      requiredApprovals: fc.constantFrom(1, 1, 2, 2, 3, 4, 0, 20),
      hours: fc.constantFrom(1, 2, 6, 24, 48, 100, 0, 200),
      approvalPercent: fc.constantFrom(50, 51, 67, 100, 40),
      perWithdrawalCents: fc.constantFrom(100, 5000, 20_000, 100_000, 50),
      dailyCents: fc.constantFrom(5000, 20_000, 200_000, 1000),
      only: fc.constantFrom('one' as const, 'one' as const, 'both' as const),
    }),
  },
);

/** Settings that pass for a circle of three or more, with time locks shorter than an action's 72 hours. */
export const validSettings = fc.record({
  requiredApprovals: fc.constantFrom(1, 1, 2),
  hours: fc.constantFrom(1, 2, 6, 24, 48),
  approvalPercent: fc.constantFrom(50, 51, 67, 100),
  perWithdrawalCents: fc.constantFrom(5000, 20_000, 100_000),
  dailyCents: fc.constantFrom(100_000, 200_000),
  only: fc.constantFrom('one' as const, 'both' as const),
});

/** Rules as often as they gate something worth seeing: signatures and time locks most. */
export const GUARDS = [...RULES, 'multi_signature', 'multi_signature', 'time_lock', 'time_lock'] as const;
/** Safeguards a circle starts with: none, one, or the pairs whose interplay matters. */
export const GUARD_SETS: Rule[][] = [
  [],
  [],
  ['multi_signature'],
  ['time_lock'],
  ['multi_signature', 'time_lock'],
  ['multi_signature', 'time_lock'],
  ['member_vote', 'multi_signature'],
  ['member_vote', 'time_lock', 'transaction_limits'],
  ['third_party_custody'],
  ['transaction_limits'],
];
