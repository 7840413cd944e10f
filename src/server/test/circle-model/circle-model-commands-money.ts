import fc from 'fast-check';
import type { ApproverKind } from './circle-model-approvals.ts';
import {
  actorKind,
  behaviour,
  cycleChoice,
  GUARDS,
  payCycle,
  pick,
  settings,
} from './circle-model-pickers.ts';
import type { ResolverKind } from './circle-model-safeguards.ts';
import type { Behaviour } from './circle-model-state.ts';
import type { AmountChoice } from './circle-model-withdrawals.ts';

/** Commands of the money rails (banks, debits, auto-pay, settlements, withdrawals) and of the escrow. */

const amount: fc.Arbitrary<AmountChoice> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('share' as const), percent: fc.integer({ min: 1, max: 100 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('all' as const, 'over' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fixed' as const),
      cents: fc.constantFrom(99, 100, 2499, 2500, 9999, 10_000, 500_001, 1_000_001, 5_000_001),
    }),
  },
);

export const railCommands = [
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('link' as const),
      group: pick,
      user: pick,
      member: fc.constantFrom(true, true, true, false),
      behaviour,
      verified: fc.constantFrom(true, true, true, true, true, false),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('debit' as const),
      group: pick,
      user: pick,
      member: fc.constantFrom(true, true, true, false),
      cycle: payCycle,
      retry: fc.constantFrom(false, false, true),
    }),
  },
  /** Every unpaid member of the current cycle pays by bank (linking one if they have none), or turns on auto-pay. */
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('bankRound' as const),
      group: pick,
      // Failing accounts more often here, so auto-pay retries run out now and then.
      behaviour: fc.constantFrom<Behaviour>(
        'succeeds',
        'succeeds',
        'debit_insufficient_funds',
        'debit_insufficient_funds',
        'payout_fails',
      ),
      autopay: fc.boolean(),
      settle: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('settle' as const),
      /** Then the processor sends the same events again. */
      replay: fc.constantFrom(false, false, true),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('autopay' as const),
      group: pick,
      user: pick,
      on: fc.constantFrom(true, true, true, false),
      /** Someone else's auto-pay, which nobody may touch. */
      other: fc.constantFrom(false, false, false, false, true),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('withdraw' as const),
      user: pick,
      method: fc.constantFrom(
        'bank_transfer' as const,
        'instant' as const,
        'wire' as const,
        'check' as const,
      ),
      amount,
      link: fc.option(behaviour, { nil: null, freq: 4 }),
      retry: fc.constantFrom(null, null, 'same' as const, 'different' as const),
    }),
  },
] as const;

export const escrowCommands = [
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('safeguard' as const),
      group: pick,
      actor: actorKind,
      rule: fc.constantFrom(...GUARDS),
      /** Mostly a rule that is on (to change, ease or switch off), when there is one. */
      existing: fc.boolean(),
      enabled: fc.constantFrom(true, true, false),
      settings,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('release' as const),
      group: pick,
      cycle: cycleChoice,
      actor: actorKind,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('approve' as const),
      which: pick,
      actor: fc.constantFrom<ApproverKind>('member', 'member', 'member', 'requester', 'outsider', 'admin'),
      /** Every member who may, in turn, until it is approved. */
      all: fc.constantFrom(false, true),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('dispute' as const),
      group: pick,
      cycle: cycleChoice,
      user: pick,
      member: fc.constantFrom(true, true, true, false),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('resolve' as const),
      which: pick,
      actor: fc.constantFrom<ResolverKind>('opener', 'opener', 'admin', 'admin', 'member', 'outsider'),
      open: fc.constantFrom(true, true, true, false),
    }),
  },
] as const;
