import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { sessionUserColumns } from '#server/core/identity.ts';
import type { Engine } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { ledgerAccounts } from '#server/ledger/schema.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { createTestApp } from '#server/test/test-app.ts';
import { TestClock } from '#server/test/test-clock.ts';
import { sequence, startingWallets, startMinute } from './circle-model-commands.ts';
import type { World } from './circle-model-state.ts';
import { newStats } from './circle-model-stats.ts';
import { step } from './circle-model-steps.ts';
import { verify } from './circle-model-verify.ts';

/**
 * Model-based test of a circle's life: random sequences of service calls against the real services
 * and a small in-memory model written from PRODUCT.md. After every step the service must have
 * succeeded exactly when the model says so (or refused with the model's error code), and the
 * database must agree with the model and hold the invariants (balanced ledger, nothing negative,
 * holds within balances, one contribution per member and cycle, one payout per cycle, one debit in
 * flight per contribution, money conserved over a completed circle).
 *
 * The circle: create, join, report, confirm, record cash, Process Payout (to the wallet or off the
 * app), receipts, freeze, pay or waive penalties, move the clock and run the due work (reminders,
 * auto-payout, auto-pay, pending actions). The money rails: sandbox bank accounts whose test
 * behaviour decides the outcome (succeeds, debit fails, payout fails), contributions by bank debit
 * (processing until the bank settles, late by when the debit started), auto-pay on the due date in
 * the circle's zone with retries a day after a failure, withdrawals by the four methods (fees,
 * ranges, holds, failures, transaction limits), keyed retries that change nothing. "The bank
 * settles" delivers the sandbox's queued outcomes through the app's job queue (manual mode), in the
 * queue's order, and sometimes delivers them twice. The escrow: safeguards on and off, Release Funds
 * (the circle's threshold, the reserve covering the rest) and Process Payout (95%), pending actions
 * approved by other members or expiring after 72 hours, approved releases held back (a time lock,
 * a dispute, a freeze) that due work runs later, and disputes opened and resolved.
 *
 * Every run gets its own users (inserted directly: no argon2), some with money in their wallets,
 * its own groups (some with money in the reserve from "earlier penalties") and its own clock (the app
 * context's, so job handlers read it too), on one database per engine; each run starts from empty
 * circle, money and ledger tables and an empty settlement queue. So a failure replays on its own:
 *   FC_SEED=<seed> FC_PATH=<path> npx vitest run src/server/features/groups/circle.model.pglite.test.ts
 * MODEL_RUNS sets the number of random sequences per engine (default 120); MODEL_EXAMPLE='<JSON of
 * [startMinute, wallets, commands]>' runs a sequence written by hand first.
 *
 * The model computes dates (time zones, schedule, lateness), rounding (penalty, payout fee,
 * withdrawal fees), thresholds and the random draw independently of the server's helpers. The only
 * nondeterminism left is the server's random draw seed and invite codes (crypto), which the model
 * reads back, row ids, which it takes from the service's answer (or, for what due work created,
 * from the new rows), and the order of outcomes queued within the same millisecond, which it reads
 * from the queue.
 *
 * Some commands are a few calls in a row (each one checked), so that sequences get somewhere:
 * create may turn safeguards on and fill the circle at once; a round is "record everyone's cash
 * (arrears too, but not those on auto-pay), Process Payout or Release Funds, the other members
 * approve it if it waits for them, then pay or waive the penalties"; a bank round is "everyone
 * unpaid pays by bank (or turns auto-pay on), linking an account if needed".
 *
 * Completed circles: the reserve is shared among members without debts at completion, and again
 * when a penalty or a late debit reaches it afterwards (PRODUCT.md "Default protection"); the check
 * is payouts + fees + distributions + what is left in the reserve = seed + contributions + paid
 * penalties.
 */

const RUNS = Number(process.env.MODEL_RUNS ?? 120);
const replay = {
  ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
  ...(process.env.FC_PATH ? { path: process.env.FC_PATH } : {}),
  ...(process.env.MODEL_EXAMPLE ? { examples: [JSON.parse(process.env.MODEL_EXAMPLE)] } : {}),
};
const USERS_PER_RUN = 7;

/**
 * Defines the suite for one engine; each engine has its own test file so the two long runs use both
 * test workers at once.
 */
export function circleModelSuite(engine: Engine) {
  describe(`a circle’s life against a model on ${engine}`, () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp(engine, { jobs: 'manual' });
    });
    afterAll(() => t?.close());

    const stats = newStats();
    let runNumber = 0;

    async function newRun(startAt: number, wallets: number[]): Promise<World> {
      runNumber += 1;
      // Each run starts from empty circle, money and ledger tables, so checking every invariant after
      // every step costs the same in the last run as in the first (the whole-ledger check would grow).
      await t.db.execute(
        sql`truncate ledger_entries, ledger_transfers, ledger_holds, ledger_accounts, payment_reminders,
          notifications, contributions, cycles, payouts, group_members, groups, idempotency_keys,
          bank_debits, payment_schedules, withdrawals, bank_accounts, group_safeguards, pending_actions,
          pending_action_approvals, escrow_disputes, audit_log cascade`,
      );
      // Settlements a failed run left queued find nothing to settle now.
      await t.jobs!.drain({ only: ['payment-event'], includeDelayed: true });
      const tag = `${process.pid}_${runNumber}`;
      const rows = await t.db
        .insert(users)
        .values(
          Array.from({ length: USERS_PER_RUN }, (_, i) => ({
            username: `model_${tag}_${i}`,
            email: `model_${tag}_${i}@example.org`,
            fullName: `Model ${tag} ${i}`,
            passwordHash: 'not-a-hash: these users never sign in',
          })),
        )
        .returning(sessionUserColumns);
      const base = await t.db
        .select({ key: ledgerAccounts.key, balance: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.key, ['fee_revenue', 'external:cash', 'external:bank']));
      const baseOf = (key: string) => base.find((b) => b.key === key)?.balance ?? 0;
      const clock = new TestClock(new Date(Date.UTC(2026, 0, 1) + startAt * 60_000));
      // The app's context is shared with the job handlers: they must read the run's clock too.
      t.ctx.clock = clock;
      // Money some users already have in their wallets (paid out by earlier circles), to withdraw.
      for (const [i, cents] of wallets.entries())
        if (cents > 0)
          await postTransfer(t.db, {
            idempotencyKey: `model-wallet:${tag}:${i}`,
            kind: 'payout',
            userId: rows[i]!.id,
            at: clock.now(),
            legs: [
              { account: { kind: 'external', name: 'bank' }, amountCents: -cents },
              { account: { kind: 'wallet', userId: rows[i]!.id }, amountCents: cents },
            ],
          });
      return {
        m: {
          users: rows.map((u) => u.id),
          sessions: new Map(rows.map((u): [number, SessionUser] => [u.id, u])),
          groups: [],
          wallets: new Map(rows.map((u, i) => [u.id, wallets[i]!])),
          feeCents: 0,
          cashCents: 0,
          bankCents: 0 - wallets.reduce((sum, cents) => sum + cents, 0),
          reminders: new Set(),
          banks: new Map(),
          debits: [],
          withdrawals: [],
          events: [],
          keys: 0,
        },
        r: {
          ctx: t.ctx,
          clock,
          db: t.db,
          jobs: t.jobs!,
          base: { fee: baseOf('fee_revenue'), cash: baseOf('external:cash'), bank: baseOf('external:bank') },
        },
        stats,
      };
    }

    it(
      `agrees with the model over ${RUNS} random sequences`,
      async () => {
        const started = Date.now();
        await fc.assert(
          fc.asyncProperty(startMinute, startingWallets, sequence, async (startAt, wallets, cmds) => {
            const w = await newRun(startAt, wallets);
            stats.runs += 1;
            for (const [i, cmd] of cmds.entries()) {
              const label = `step ${i} ${cmd.type}`;
              await step(w, cmd, label);
              await verify(w, label);
              stats.steps += 1;
            }
          }),
          {
            numRuns: RUNS,
            ...replay,
          },
        );
        console.info(`${engine}: ${((Date.now() - started) / 1000).toFixed(1)} s`, JSON.stringify(stats));
      },
      30 * 60_000,
    );
  });
}
