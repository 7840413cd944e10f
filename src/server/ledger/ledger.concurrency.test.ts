import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { type InTransactionOptions, inTransaction, postgresError } from '#server/db/transaction.ts';
import { barrier } from '#server/test/barrier.ts';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';
import { type AccountRef, ensureAccount } from './accounts.ts';
import { balanceOf } from './balances.ts';
import { InsufficientFundsError, TransferAlreadyReversedError } from './errors.ts';
import { checkLedgerInvariants } from './invariants.ts';
import { reverseTransfer } from './reverse-transfer.ts';
import { ledgerTransfers } from './schema.ts';
import { postTransfer } from './transfers.ts';

const at = new Date('2030-09-01T00:00:00Z');
const bank: AccountRef = { kind: 'external', name: 'bank' };
const wallet = (userId: number): AccountRef => ({ kind: 'wallet', userId });

describe('inTransaction', () => {
  const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });
  /** A stand-in Db whose transaction() fails with the given errors, then succeeds. */
  const flakyDb = (failures: unknown[]) => {
    let calls = 0;
    const db = {
      transaction: async (fn: (tx: unknown) => Promise<unknown>) => {
        calls += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return fn(db);
      },
    };
    return { db: db as unknown as Db, calls: () => calls };
  };

  it('runs the transaction again after a serialization failure or a deadlock', async () => {
    const { db, calls } = flakyDb([wrapped('40001'), wrapped('40P01'), { code: '40001' }]);
    expect(await inTransaction(db, async () => 'done')).toBe('done');
    expect(calls()).toBe(4);
  });

  it('gives up after the allowed retries, and never retries other errors', async () => {
    const tooMany = flakyDb([wrapped('40001'), wrapped('40001'), wrapped('40001')]);
    await expect(inTransaction(tooMany.db, async () => 'done', { retries: 2 })).rejects.toThrow(
      'Failed query',
    );
    expect(tooMany.calls()).toBe(3);
    const unique = flakyDb([wrapped('23505')]);
    await expect(inTransaction(unique.db, async () => 'done')).rejects.toThrow('Failed query');
    expect(unique.calls()).toBe(1);
    const plain = flakyDb([]);
    await expect(
      inTransaction(plain.db, async () => {
        throw new InsufficientFundsError('wallet:1', 0, 1);
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(plain.calls()).toBe(1);
  });

  it('finds the PostgreSQL error behind Drizzle’s wrapper', () => {
    expect(postgresError(wrapped('40001'))).toEqual({ code: '40001', constraint: undefined });
    expect(postgresError({ cause: { code: '23505', constraint: 'x_idx' } })).toEqual({
      code: '23505',
      constraint: 'x_idx',
    });
    expect(postgresError(new Error('plain'))).toBeUndefined();
    expect(postgresError(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBeUndefined();
  });
});

describe.each(testEngines)('ledger under concurrency on %s', (engine) => {
  // PGlite runs one transaction at a time, so there the same code simply runs in turn; on
  // PostgreSQL a barrier holds every transaction open until all have begun, so they overlap.
  const overlapping = engine === 'postgres';
  let drop: () => Promise<void>;
  let db: Db;
  beforeAll(async () => {
    const created = await createTestDatabase(engine);
    db = created.database.db;
    drop = created.drop;
  });
  afterAll(() => drop());

  let nextId = 0;
  const freshId = () => ++nextId * 1_000;

  /** n callers, each in its own transaction on its own pooled connection, started together. */
  async function race<T>(n: number, fn: (tx: Db, i: number) => Promise<T>, options?: InTransactionOptions) {
    const arrive = barrier(n);
    let attempts = 0;
    const results = await Promise.allSettled(
      Array.from({ length: n }, (_, i) =>
        inTransaction(
          db,
          async (tx) => {
            attempts += 1;
            if (overlapping) {
              // A first statement takes the snapshot (repeatable read) before anyone moves on.
              await tx.execute(sql`select 1`);
              await arrive();
            }
            return fn(tx, i);
          },
          options,
        ),
      ),
    );
    const fulfilled = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const rejected = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    return { fulfilled, rejected, attempts };
  }

  const deposit = (to: AccountRef, cents: number) =>
    postTransfer(db, {
      idempotencyKey: `deposit:${freshId()}`,
      kind: 'test',
      at,
      legs: [
        { account: bank, amountCents: -cents },
        { account: to, amountCents: cents },
      ],
    });

  it('never locks an external account: deposits from it into different wallets run side by side', async () => {
    const base = freshId();
    await ensureAccount(db, bank); // It exists from the first money that ever came in.
    const bothPosted = barrier(2);
    const { rejected } = await race(2, async (tx, i) => {
      const posted = await postTransfer(tx, {
        idempotencyKey: `side-by-side:${base}:${i}`,
        kind: 'test',
        at,
        legs: [
          { account: bank, amountCents: -500 },
          { account: wallet(base + i), amountCents: 500 },
        ],
      });
      // Each holds its transaction open until the other has posted too (decision 0053): were the
      // external account locked, the second could not post until the first gave up.
      if (overlapping)
        await Promise.race([
          bothPosted(),
          sleep(5_000).then(() => {
            throw new Error('the other deposit waited on a lock');
          }),
        ]);
      return posted;
    });
    expect(rejected).toEqual([]);
    expect([await balanceOf(db, wallet(base)), await balanceOf(db, wallet(base + 1))]).toEqual([500, 500]);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('lets exactly one of 20 simultaneous 60% withdrawals through', async () => {
    const source = wallet(freshId());
    const base = freshId();
    await deposit(source, 10_000);
    const { fulfilled, rejected } = await race(20, (tx, i) =>
      postTransfer(tx, {
        idempotencyKey: `drain:${base}:${i}`,
        kind: 'test',
        at,
        legs: [
          { account: source, amountCents: -6_000 },
          { account: wallet(base + i), amountCents: 6_000 },
        ],
      }),
    );
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const error of rejected) expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(await balanceOf(db, source)).toBe(4_000);
    let received = 0;
    for (let i = 0; i < 20; i++) received += await balanceOf(db, wallet(base + i));
    expect(received).toBe(6_000);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('turns 20 simultaneous posts with one idempotency key into one transfer', async () => {
    const user = freshId();
    const idempotencyKey = `same:${user}`;
    // The wallet does not exist yet either: its creation races too.
    const { fulfilled, rejected } = await race(20, (tx) =>
      postTransfer(tx, {
        idempotencyKey,
        kind: 'test',
        at,
        legs: [
          { account: bank, amountCents: -2_500 },
          { account: wallet(user), amountCents: 2_500 },
        ],
      }),
    );
    expect(rejected).toEqual([]);
    expect(new Set(fulfilled.map((r) => r.transferId)).size).toBe(1);
    expect(fulfilled.filter((r) => !r.replayed)).toHaveLength(1);
    const stored = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
    expect(stored).toHaveLength(1);
    expect(await balanceOf(db, wallet(user))).toBe(2_500);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('never deadlocks when transfers lock the same accounts from opposite sides', async () => {
    const [a, b, c] = [wallet(freshId()), wallet(freshId()), wallet(freshId())];
    for (const account of [a, b, c]) await deposit(account, 10_000);
    const ring = [
      [a, b],
      [b, c],
      [c, a],
      [b, a],
      [c, b],
      [a, c],
    ] as const;
    const base = freshId();
    // No retries allowed: a deadlock would fail the test instead of being papered over.
    const { fulfilled, rejected } = await race(
      24,
      (tx, i) => {
        const [from, to] = ring[i % ring.length]!;
        return postTransfer(tx, {
          idempotencyKey: `ring:${base}:${i}`,
          kind: 'test',
          at,
          legs: [
            { account: to, amountCents: 100 },
            { account: from, amountCents: -100 },
          ],
        });
      },
      { retries: 0 },
    );
    expect(rejected).toEqual([]);
    expect(fulfilled).toHaveLength(24);
    for (const account of [a, b, c]) expect(await balanceOf(db, account)).toBe(10_000);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('reverses a transfer once when 10 reversals race under different keys', async () => {
    const user = wallet(freshId());
    const { transferId } = await deposit(user, 900);
    const { fulfilled, rejected } = await race(
      10,
      (tx, i) => reverseTransfer(tx, transferId, `undo:${transferId}:${i}`, at),
      { retries: 0 },
    );
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(9);
    for (const error of rejected) expect(error).toBeInstanceOf(TransferAlreadyReversedError);
    expect(await balanceOf(db, user)).toBe(0);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('retries serialization failures: 6 repeatable-read deposits into one wallet all land', async () => {
    const user = wallet(freshId());
    await deposit(user, 1);
    const base = freshId();
    const { fulfilled, rejected, attempts } = await race(
      6,
      (tx, i) =>
        postTransfer(tx, {
          idempotencyKey: `rr:${base}:${i}`,
          kind: 'test',
          at,
          legs: [
            { account: bank, amountCents: -10 },
            { account: user, amountCents: 10 },
          ],
        }),
      { isolationLevel: 'repeatable read', retries: 20 },
    );
    expect(rejected).toEqual([]);
    expect(fulfilled).toHaveLength(6);
    expect(await balanceOf(db, user)).toBe(61);
    // On PostgreSQL the overlapping snapshots must have forced at least one retry.
    if (overlapping) expect(attempts).toBeGreaterThan(6);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});
