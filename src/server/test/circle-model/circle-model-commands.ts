import fc from 'fast-check';
import { escrowCommands, railCommands } from './circle-model-commands-money.ts';
import {
  actorKind,
  cycleChoice,
  GUARD_SETS,
  method,
  payCycle,
  pick,
  validSettings,
} from './circle-model-pickers.ts';
import type { Frequency, Rotation } from './circle-model-state.ts';

/**
 * Commands: plain data, so fast-check prints a failing sequence readably. Picks are resolved
 * against the model when the step runs (index modulo the list), so every step means something.
 */

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'America/Santiago',
] as const;

export const createCmd = fc.record({
  type: fc.constant('create' as const),
  admin: pick,
  limit: fc.constantFrom(3, 3, 4, 4, 5),
  cents: fc.integer({ min: 100, max: 50_000 }),
  grace: fc.integer({ min: 0, max: 3 }),
  penalty: fc.integer({ min: 0, max: 10 }),
  autoPayout: fc.boolean(),
  frequency: fc.constantFrom<Frequency>('weekly', 'bi-weekly', 'monthly'),
  day: fc.option(fc.nat({ max: 30 }), { nil: undefined }),
  startOffset: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  timeZone: fc.constantFrom(...ZONES),
  rotation: fc.constantFrom<Rotation>('join_order', 'admin_set', 'random_draw'),
  threshold: fc.constantFrom(100, 100, 100, 80, 75, 60, 50),
  retries: fc.constantFrom<1 | 3 | 5 | undefined>(undefined, 1, 1, 3, 5),
  /** Contributions' worth already in the reserve (penalties of years past), so it can cover shortfalls. */
  reserve: fc.constantFrom(0, 0, 1, 2, 4),
  /** Safeguards the admin turns on before anyone joins. */
  guards: fc
    .tuple(fc.constantFrom(...GUARD_SETS), fc.array(validSettings, { minLength: 3, maxLength: 3 }))
    .map(([rules, chosen]) => rules.map((rule, i) => ({ rule, settings: chosen[i] }))),
  /** Then the others join at once (as the fill command). */
  fill: fc.constantFrom(true, true, true, false),
});

const circleCommands = [
  { weight: 2, arbitrary: createCmd },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('fill' as const), group: pick, user: pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('join' as const), group: pick, user: pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('report' as const),
      group: pick,
      user: pick,
      member: fc.boolean(),
      method,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('confirm' as const),
      group: pick,
      which: pick,
      actor: actorKind,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('record' as const),
      group: pick,
      user: pick,
      member: fc.boolean(),
      cycle: payCycle,
      actor: actorKind,
      method,
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('collect' as const), group: pick, method }) },
  // collect, then the admin presses Process Payout for the current cycle.
  {
    weight: 12,
    arbitrary: fc.record({
      type: fc.constant('round' as const),
      group: pick,
      method,
      /** What is then done about the late penalties this round charged: the admin records them paid
       * in cash or waives them, or each late member pays from their wallet. */
      penalties: fc.constantFrom(
        'leave' as const,
        'leave' as const,
        'pay' as const,
        'waive' as const,
        'wallet' as const,
      ),
      /** Sometimes the pool is handed over outside the app. */
      offApp: fc.constantFrom(false, false, true),
      /** When the payout waits for signatures, the other members then approve it in turn. */
      approve: fc.boolean(),
      /** Sometimes by Release Funds (the circle's threshold, into the wallet) instead. */
      releaseFunds: fc.constantFrom(false, false, true),
      /** Members left unpaid (the first so many), for the threshold and the reserve to matter. */
      skip: fc.constantFrom(0, 1, 1, 2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('payout' as const),
      group: pick,
      cycle: cycleChoice,
      actor: actorKind,
      delivery: fc.constantFrom('wallet' as const, 'off_app' as const),
      method,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('receipt' as const),
      group: pick,
      which: pick,
      actor: fc.constantFrom(
        'recipient' as const,
        'recipient' as const,
        'member' as const,
        'outsider' as const,
      ),
      /** Mostly the amount paid out; otherwise a cent short, which disputes it. */
      matches: fc.constantFrom(true, true, false),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('freeze' as const),
      group: pick,
      actor: actorKind,
      frozen: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('penalty' as const),
      group: pick,
      which: pick,
      actor: actorKind,
      waive: fc.boolean(),
      /** Paid by the late member from their wallet rather than recorded in cash by an admin. */
      fromWallet: fc.boolean(),
      /** Mostly one that is owed, when there is one. */
      owed: fc.constantFrom(true, true, true, true, false),
    }),
  },
  {
    weight: 7,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(undefined, undefined, 'due' as const, 'payout' as const),
        fc.constantFrom(true, true, true, false),
        fc.constantFrom(0, 0, 0, 1, 2, 3),
      )
      .map(([days, hours, to, settle, dayByDay]) => ({
        type: 'advance' as const,
        // Mostly within a few days, so time locks lift and retries come before actions expire.
        hours: days > 30 ? Math.min(960, (days - 25) * 72 + hours) : hours + 24 * (days % 3),
        to,
        settle,
        /** Then so many times: a day later, due work again (and the bank settles), as auto-pay retries. */
        dayByDay,
      })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('settings' as const),
      group: pick,
      actor: actorKind,
      grace: fc.integer({ min: 0, max: 3 }),
      penalty: fc.integer({ min: 0, max: 10 }),
      maxMissed: fc.constantFrom<1 | 2 | 3>(1, 1, 2, 3),
      autoRemove: fc.constantFrom(true, true, false),
      emergency: fc.constantFrom(undefined, undefined, 0, 5, 10, 20),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('leave' as const), group: pick, user: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('remove' as const),
      group: pick,
      user: pick,
      actor: actorKind,
      /** When it waits for the members' vote, they then approve it in turn. */
      approve: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('approveRemoval' as const),
      group: pick,
      which: pick,
      actor: fc.constantFrom('voter' as const, 'voter' as const, 'subject' as const, 'outsider' as const),
      all: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('payDebt' as const), group: pick, which: pick }) },
] as const;

export const command = fc.oneof(...circleCommands, ...railCommands, ...escrowCommands);
export type Cmd = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** Steps per sequence after the first create. */
export const MAX_STEPS = 50;
export const sequence = fc
  .tuple(createCmd, fc.array(command, { minLength: 4, maxLength: MAX_STEPS, size: 'max' }))
  .map(([first, rest]) => [first, ...rest] as Cmd[]);
/** Where the run's clock starts: some minute of 2026 or 2027. */
export const startMinute = fc.integer({ min: 0, max: 2 * 365 * 24 * 60 });
/** What each of the run's users has in their wallet at the start (from earlier circles). */
export const startingWallets = fc.array(fc.constantFrom(0, 0, 0, 2_000, 15_000, 80_000, 400_000), {
  minLength: 7,
  maxLength: 7,
});
