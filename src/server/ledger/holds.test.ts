import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { barrier } from '#server/test/barrier.ts';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';
import type { AccountRef } from './accounts.ts';
import { balanceOf } from './balances.ts';
import { IdempotencyConflictError, InsufficientFundsError, InvalidTransferError } from './errors.ts';
import { availableBalance, captureHold, placeHold, voidHold } from './holds.ts';
import { checkLedgerInvariants } from './invariants.ts';
import { ledgerHolds } from './schema.ts';
import { postTransfer } from './transfers.ts';

const at = new Date('2031-02-01T00:00:00Z');
const bank: AccountRef = { kind: 'external', name: 'bank' };
const fees: AccountRef = { kind: 'fee_revenue' };

describe.each(testEngines)('holds on %s', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase(engine);
    db = created.database.db;
    drop = created.drop;
  });
  afterAll(() => drop());

  let next = 0;
  const funded = async (cents: number) => {
    const wallet: AccountRef = { kind: 'wallet', userId: ++next };
    await postTransfer(db, {
      idempotencyKey: `fund:${next}`,
      kind: 'test',
      at,
      legs: [
        { account: bank, amountCents: -cents },
        { account: wallet, amountCents: cents },
      ],
    });
    return wallet;
  };
  const withdrawal = (wallet: AccountRef, key: string, amount: number, fee: number) => ({
    idempotencyKey: key,
    kind: 'withdrawal',
    at,
    legs: [
      { account: wallet, amountCents: -(amount + fee) },
      { account: bank, amountCents: amount },
      ...(fee > 0 ? [{ account: fees, amountCents: fee }] : []),
    ],
  });

  it('sets money aside, and gives it back when voided or spends it when captured', async () => {
    const wallet = await funded(10_000);
    const hold = await placeHold(db, { account: wallet, amountCents: 7_000, idempotencyKey: 'h1', at });
    expect(await availableBalance(db, wallet)).toEqual({
      balanceCents: 10_000,
      heldCents: 7_000,
      availableCents: 3_000,
    });
    await expect(
      placeHold(db, { account: wallet, amountCents: 3_001, idempotencyKey: 'h2', at }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    // The same key again is the same hold, read back whole; with another amount it is a conflict.
    const [stored] = await db.select().from(ledgerHolds).where(eq(ledgerHolds.id, hold.id));
    expect(hold).toEqual(stored);
    expect(await placeHold(db, { account: wallet, amountCents: 7_000, idempotencyKey: 'h1', at })).toEqual(
      stored,
    );
    await expect(
      placeHold(db, { account: wallet, amountCents: 1, idempotencyKey: 'h1', at }),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);

    await voidHold(db, hold.id, at);
    expect((await availableBalance(db, wallet)).availableCents).toBe(10_000);
    await expect(captureHold(db, hold.id, withdrawal(wallet, 'w-void', 6_900, 100))).rejects.toBeInstanceOf(
      InvalidTransferError,
    );

    const second = await placeHold(db, { account: wallet, amountCents: 5_075, idempotencyKey: 'h3', at });
    // A capture must take exactly the held amount.
    await expect(captureHold(db, second.id, withdrawal(wallet, 'w-wrong', 5_000, 0))).rejects.toBeInstanceOf(
      InvalidTransferError,
    );
    const captured = await captureHold(db, second.id, withdrawal(wallet, 'w-ok', 5_000, 75));
    expect(captured.status).toBe('captured');
    expect((await captureHold(db, second.id, withdrawal(wallet, 'w-ok', 5_000, 75))).transferId).toBe(
      captured.transferId,
    );
    expect(await availableBalance(db, wallet)).toEqual({
      balanceCents: 4_925,
      heldCents: 0,
      availableCents: 4_925,
    });
    await expect(voidHold(db, second.id, at)).rejects.toBeInstanceOf(InvalidTransferError);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('refuses a hold on an account that has never held money', async () => {
    await expect(
      placeHold(db, {
        account: { kind: 'wallet', userId: 999_999 },
        amountCents: 1,
        idempotencyKey: 'empty',
        at,
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
  });

  it('lets at most one of 20 simultaneous holds of 60% through, and never over-holds', async () => {
    const wallet = await funded(10_000);
    // On PostgreSQL every transaction waits until all have begun, so they really overlap.
    const arrive = barrier(20);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        inTransaction(db, async (tx) => {
          if (engine === 'postgres') {
            await tx.execute(sql`select 1`);
            await arrive();
          }
          return placeHold(tx, {
            account: wallet,
            amountCents: 6_000,
            idempotencyKey: `race:${next}:${i}`,
            at,
          });
        }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won).toHaveLength(1);
    for (const error of lost) expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(await availableBalance(db, wallet)).toMatchObject({ heldCents: 6_000, availableCents: 4_000 });
    expect(await balanceOf(db, wallet)).toBe(10_000);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});
