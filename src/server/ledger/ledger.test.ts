import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { createTestDatabase, testEngines } from '#server/test/test-app.ts';
import { type AccountRef, accountKey, ensureAccount } from './accounts.ts';
import { balanceOf } from './balances.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidTransferError,
  TransferAlreadyReversedError,
} from './errors.ts';
import { checkLedgerInvariants } from './invariants.ts';
import { reverseTransfer } from './reverse-transfer.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from './schema.ts';
import { postTransfer, type TransferLeg } from './transfers.ts';

const at = new Date('2030-03-01T12:00:00Z');
const bank: AccountRef = { kind: 'external', name: 'bank' };
const cash: AccountRef = { kind: 'external', name: 'cash' };
const feeRevenue: AccountRef = { kind: 'fee_revenue' };
const wallet = (userId: number): AccountRef => ({ kind: 'wallet', userId });
const escrow = (groupId: number, cycle: number): AccountRef => ({ kind: 'escrow', groupId, cycle });

describe('accountKey', () => {
  it('names every kind of account', () => {
    expect(accountKey(wallet(12))).toBe('wallet:12');
    expect(accountKey(escrow(5, 3))).toBe('escrow:5:3');
    expect(accountKey({ kind: 'reserve', groupId: 5 })).toBe('reserve:5');
    expect(accountKey(feeRevenue)).toBe('fee_revenue');
    expect(accountKey(cash)).toBe('external:cash');
    expect(() => accountKey(wallet(1.5))).toThrow(RangeError);
    expect(() => accountKey({ kind: 'external', name: 'moon' as 'bank' })).toThrow(RangeError);
  });
});

describe.each(testEngines)('ledger on %s', (engine) => {
  let drop: () => Promise<void>;
  let db: Db;
  beforeAll(async () => {
    const created = await createTestDatabase(engine);
    db = created.database.db;
    drop = created.drop;
  });
  afterAll(() => drop());

  // Each test works on its own users and groups, so tests do not see each other's money.
  let nextId = 0;
  const freshId = () => ++nextId * 100;
  let nextKey = 0;
  const key = (label: string) => `${label}:${++nextKey}`;

  const post = (legs: TransferLeg[], idempotencyKey = key('t'), kind = 'test') =>
    postTransfer(db, { idempotencyKey, kind, at, legs });
  const deposit = (to: AccountRef, cents: number) =>
    post([
      { account: bank, amountCents: -cents },
      { account: to, amountCents: cents },
    ]);
  const totals = async () => {
    const [transfers] = await db.select({ n: count() }).from(ledgerTransfers);
    const [entries] = await db.select({ n: count() }).from(ledgerEntries);
    const accounts = await db
      .select({ key: ledgerAccounts.key, balance: ledgerAccounts.balanceCents })
      .from(ledgerAccounts);
    return {
      transfers: transfers!.n,
      entries: entries!.n,
      accounts: accounts.sort((a, b) => a.key.localeCompare(b.key)),
    };
  };

  it('posts a balanced transfer, moves both balances and records it', async () => {
    const user = freshId();
    const before = await balanceOf(db, bank);
    const { transferId, replayed } = await postTransfer(db, {
      idempotencyKey: key('deposit'),
      kind: 'contribution',
      groupId: 7,
      userId: user,
      memo: 'Cycle 1 contribution',
      at,
      legs: [
        { account: bank, amountCents: -2500 },
        { account: wallet(user), amountCents: 2500 },
      ],
    });
    expect(replayed).toBe(false);
    expect(await balanceOf(db, wallet(user))).toBe(2500);
    expect(await balanceOf(db, bank)).toBe(before - 2500);
    const [transfer] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
    expect(transfer).toMatchObject({
      kind: 'contribution',
      groupId: 7,
      userId: user,
      memo: 'Cycle 1 contribution',
    });
    expect(transfer!.createdAt.toISOString()).toBe(at.toISOString());
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, transferId));
    expect(entries.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([-2500, 2500]);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('posts a transfer with several legs: a payout net of its fee', async () => {
    const group = freshId();
    const user = freshId();
    await deposit(escrow(group, 1), 10_000);
    const fee = await balanceOf(db, feeRevenue);
    await post([
      { account: escrow(group, 1), amountCents: -10_000 },
      { account: wallet(user), amountCents: 9_680 },
      { account: feeRevenue, amountCents: 320 },
    ]);
    expect(await balanceOf(db, escrow(group, 1))).toBe(0);
    expect(await balanceOf(db, wallet(user))).toBe(9_680);
    expect(await balanceOf(db, feeRevenue)).toBe(fee + 320);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it.each<[string, TransferLeg[]]>([
    [
      'unbalanced legs',
      [
        { account: bank, amountCents: -100 },
        { account: wallet(1), amountCents: 99 },
      ],
    ],
    ['a single leg', [{ account: wallet(1), amountCents: 0 }]],
    ['no legs', []],
    [
      'a zero leg',
      [
        { account: bank, amountCents: 0 },
        { account: wallet(1), amountCents: 0 },
      ],
    ],
    [
      'fractional cents',
      [
        { account: bank, amountCents: -10.5 },
        { account: wallet(1), amountCents: 10.5 },
      ],
    ],
    [
      'NaN',
      [
        { account: bank, amountCents: Number.NaN },
        { account: wallet(1), amountCents: Number.NaN },
      ],
    ],
    [
      'unsafe integers',
      [
        { account: bank, amountCents: -(2 ** 60) },
        { account: wallet(1), amountCents: 2 ** 60 },
      ],
    ],
    [
      'one account on both sides',
      [
        { account: wallet(1), amountCents: -5 },
        { account: wallet(1), amountCents: 5 },
      ],
    ],
  ])('rejects %s with InvalidTransferError and writes nothing', async (_, legs) => {
    const before = await totals();
    await expect(post(legs)).rejects.toThrow(InvalidTransferError);
    expect(await totals()).toEqual(before);
  });

  it('rejects an overdraft with InsufficientFundsError and writes nothing', async () => {
    const [from, to] = [freshId(), freshId()];
    await deposit(wallet(from), 1_000);
    const before = await totals();
    const attempt = post([
      { account: wallet(from), amountCents: -1_001 },
      { account: wallet(to), amountCents: 1_001 },
    ]);
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      status: 409,
      accountKey: `wallet:${from}`,
      balanceCents: 1_000,
      requestedCents: 1_001,
    });
    // Not even the receiving wallet was created.
    expect(await totals()).toEqual(before);
    expect(await balanceOf(db, wallet(from))).toBe(1_000);
    // Spending exactly the balance is fine.
    await post([
      { account: wallet(from), amountCents: -1_000 },
      { account: wallet(to), amountCents: 1_000 },
    ]);
    expect(await balanceOf(db, wallet(from))).toBe(0);
  });

  it('lets only external accounts go below zero', async () => {
    await post([
      { account: cash, amountCents: -50 },
      { account: bank, amountCents: 50 },
    ]);
    await expect(
      post([
        { account: feeRevenue, amountCents: -((await balanceOf(db, feeRevenue)) + 1) },
        { account: bank, amountCents: (await balanceOf(db, feeRevenue)) + 1 },
      ]),
    ).rejects.toThrow(InsufficientFundsError);
  });

  it('replays a retried key: the same transfer id, and the money moves once', async () => {
    const user = freshId();
    const legs: TransferLeg[] = [
      { account: bank, amountCents: -700 },
      { account: wallet(user), amountCents: 700 },
    ];
    const first = await post(legs, 'retry-me');
    const before = await totals();
    const again = await post(legs, 'retry-me');
    const reordered = await post([legs[1]!, legs[0]!], 'retry-me');
    expect(again).toEqual({ transferId: first.transferId, replayed: true });
    expect(reordered).toEqual({ transferId: first.transferId, replayed: true });
    expect(await totals()).toEqual(before);
    expect(await balanceOf(db, wallet(user))).toBe(700);
  });

  it('refuses a reused key with other legs or another kind, and writes nothing', async () => {
    const user = freshId();
    const legs: TransferLeg[] = [
      { account: bank, amountCents: -700 },
      { account: wallet(user), amountCents: 700 },
    ];
    await post(legs, 'used-once');
    const before = await totals();
    const otherAmount: TransferLeg[] = [
      { account: bank, amountCents: -701 },
      { account: wallet(user), amountCents: 701 },
    ];
    const otherAccount: TransferLeg[] = [
      { account: cash, amountCents: -700 },
      { account: wallet(user), amountCents: 700 },
    ];
    for (const [otherLegs, kind] of [
      [otherAmount, 'test'],
      [otherAccount, 'test'],
      [legs, 'other'],
    ] as const) {
      const error = await post(otherLegs, 'used-once', kind).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IdempotencyConflictError);
      expect(error).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', status: 409, idempotencyKey: 'used-once' });
    }
    expect(await totals()).toEqual(before);
  });

  it("inside the caller's transaction, a refused transfer caught there leaves nothing and the rest commits", async () => {
    const [from, to] = [freshId(), freshId()];
    await deposit(wallet(from), 1_000);
    const before = await totals();
    const posted = await inTransaction(db, async (tx) => {
      const inTx = (legs: TransferLeg[], idempotencyKey: string) =>
        postTransfer(tx, { idempotencyKey, kind: 'test', at, legs }).catch((e: unknown) => e);
      // Refused after the key was claimed and the receiving wallet created: both must go.
      const overdraft = [
        { account: wallet(from), amountCents: -1_001 },
        { account: wallet(to), amountCents: 1_001 },
      ];
      expect(await inTx(overdraft, 'caught-1')).toBeInstanceOf(InsufficientFundsError);
      expect(await inTx(overdraft, 'caught-2')).toBeInstanceOf(InsufficientFundsError);
      const paid = await inTx(
        [
          { account: wallet(from), amountCents: -400 },
          { account: wallet(to), amountCents: 400 },
        ],
        'kept',
      );
      // A refusal after a success undoes only itself.
      expect(await inTx(overdraft, 'caught-3')).toBeInstanceOf(InsufficientFundsError);
      return paid as { transferId: number };
    });
    const keys = await db.select({ key: ledgerTransfers.idempotencyKey }).from(ledgerTransfers);
    expect(keys.map((k) => k.key)).toContain('kept');
    expect(keys.filter((k) => k.key.startsWith('caught-'))).toEqual([]);
    expect(posted.transferId).toBeGreaterThan(0);
    expect(await balanceOf(db, wallet(from))).toBe(600);
    expect(await balanceOf(db, wallet(to))).toBe(400);
    const after = await totals();
    expect(after.transfers).toBe(before.transfers + 1);
    expect(after.entries).toBe(before.entries + 2);
    expect(after.accounts.map((a) => a.key)).toEqual(
      [...before.accounts.map((a) => a.key), `wallet:${to}`].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('reverses a transfer, restoring every balance; a retried reversal replays', async () => {
    const group = freshId();
    const user = freshId();
    await deposit(escrow(group, 1), 5_000);
    const fee = await balanceOf(db, feeRevenue);
    const payout = await post([
      { account: escrow(group, 1), amountCents: -5_000 },
      { account: wallet(user), amountCents: 4_825 },
      { account: feeRevenue, amountCents: 175 },
    ]);
    const reversal = await reverseTransfer(db, payout.transferId, 'undo-payout', at);
    expect(reversal.replayed).toBe(false);
    expect(await balanceOf(db, escrow(group, 1))).toBe(5_000);
    expect(await balanceOf(db, wallet(user))).toBe(0);
    expect(await balanceOf(db, feeRevenue)).toBe(fee);
    const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, reversal.transferId));
    expect(row).toMatchObject({ kind: 'reversal', reversesTransferId: payout.transferId });

    const before = await totals();
    expect(await reverseTransfer(db, payout.transferId, 'undo-payout', at)).toEqual({
      transferId: reversal.transferId,
      replayed: true,
    });
    await expect(reverseTransfer(db, payout.transferId, 'undo-payout-again', at)).rejects.toBeInstanceOf(
      TransferAlreadyReversedError,
    );
    expect(await totals()).toEqual(before);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('refuses a reversal the balances no longer allow, and an unknown transfer', async () => {
    const [a, b] = [freshId(), freshId()];
    const { transferId } = await deposit(wallet(a), 300);
    await post([
      { account: wallet(a), amountCents: -200 },
      { account: wallet(b), amountCents: 200 },
    ]);
    const before = await totals();
    await expect(reverseTransfer(db, transferId, key('undo'), at)).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    await expect(reverseTransfer(db, 9_999_999, key('undo'), at)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await totals()).toEqual(before);
  });

  it('refuses a reversal key that names a reversal of another transfer', async () => {
    const user = freshId();
    const first = await deposit(wallet(user), 100);
    const second = await deposit(wallet(user), 100);
    await reverseTransfer(db, first.transferId, 'undo-one', at);
    // Same legs as the first reversal, but it is not the same request.
    await expect(reverseTransfer(db, second.transferId, 'undo-one', at)).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    expect(await balanceOf(db, wallet(user))).toBe(100);
  });

  it('commits and rolls back with the caller’s transaction; a caught rejection leaves nothing behind', async () => {
    const [a, b] = [freshId(), freshId()];
    await expect(
      inTransaction(db, async (tx) => {
        await postTransfer(tx, {
          idempotencyKey: key('rolled-back'),
          kind: 'test',
          at,
          legs: depositLegs(a, 100),
        });
        throw new Error('domain check failed');
      }),
    ).rejects.toThrow('domain check failed');
    expect(await balanceOf(db, wallet(a))).toBe(0);

    const before = await totals();
    const posted = await inTransaction(db, async (tx) => {
      const overdraft = postTransfer(tx, {
        idempotencyKey: key('overdraft'),
        kind: 'test',
        at,
        legs: [
          { account: wallet(a), amountCents: -1 },
          { account: wallet(b), amountCents: 1 },
        ],
      });
      await expect(overdraft).rejects.toBeInstanceOf(InsufficientFundsError);
      return postTransfer(tx, { idempotencyKey: key('after'), kind: 'test', at, legs: depositLegs(b, 40) });
    });
    const after = await totals();
    expect(after.transfers).toBe(before.transfers + 1);
    expect(after.entries).toBe(before.entries + 2);
    expect(await balanceOf(db, wallet(b))).toBe(40);
    expect(await balanceOf(db, wallet(a))).toBe(0);
    expect(posted.replayed).toBe(false);
  });

  it('refuses UPDATE and DELETE of transfers and entries: the ledger is append-only', async () => {
    const { transferId } = await deposit(wallet(freshId()), 10);
    const attempts = [
      db.update(ledgerTransfers).set({ memo: 'edited' }).where(eq(ledgerTransfers.id, transferId)),
      db.delete(ledgerTransfers).where(eq(ledgerTransfers.id, transferId)),
      db.update(ledgerEntries).set({ amountCents: 11 }).where(eq(ledgerEntries.transferId, transferId)),
      db.delete(ledgerEntries).where(eq(ledgerEntries.transferId, transferId)),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toThrow();
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, transferId));
    expect(entries).toHaveLength(2);
  });

  it('keeps non-external balances non-negative even against a direct write', async () => {
    const account = await ensureAccount(db, wallet(freshId()));
    await expect(
      db.update(ledgerAccounts).set({ balanceCents: -1 }).where(eq(ledgerAccounts.id, account.id)),
    ).rejects.toThrow();
  });

  it('creates accounts once, with their columns, and reads 0 for an unused one', async () => {
    const group = freshId();
    const first = await ensureAccount(db, escrow(group, 3));
    const second = await ensureAccount(db, escrow(group, 3));
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({
      key: `escrow:${group}:3`,
      kind: 'escrow',
      groupId: group,
      cycle: 3,
      userId: null,
    });
    expect(first.balanceCents).toBe(0);
    expect(await balanceOf(db, wallet(freshId()))).toBe(0);
  });

  it('checkLedgerInvariants reports a tampered cache, an unbalanced transfer and a bad reversal', async () => {
    const user = freshId();
    const { transferId } = await deposit(wallet(user), 500);
    const account = await ensureAccount(db, wallet(user));
    let problems: string[] = [];
    const rolledBack = db.transaction(async (tx) => {
      // Damage that postTransfer can never produce, written by hand and rolled back after.
      await tx.update(ledgerAccounts).set({ balanceCents: 499 }).where(eq(ledgerAccounts.id, account.id));
      const [lonely] = await tx
        .insert(ledgerTransfers)
        .values({ idempotencyKey: key('lonely'), kind: 'test', createdAt: at })
        .returning();
      await tx
        .insert(ledgerEntries)
        .values({ transferId: lonely!.id, accountId: account.id, amountCents: 5 });
      const [bad] = await tx
        .insert(ledgerTransfers)
        .values({
          idempotencyKey: key('bad'),
          kind: 'reversal',
          reversesTransferId: transferId,
          createdAt: at,
        })
        .returning();
      const bankAccount = await ensureAccount(tx, bank);
      await tx.insert(ledgerEntries).values([
        { transferId: bad!.id, accountId: account.id, amountCents: -400 },
        { transferId: bad!.id, accountId: bankAccount.id, amountCents: 400 },
      ]);
      // An external account keeps no cached balance (decision 0053).
      await tx.update(ledgerAccounts).set({ balanceCents: 400 }).where(eq(ledgerAccounts.id, bankAccount.id));
      problems = await checkLedgerInvariants(tx);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow();
    expect(problems).toHaveLength(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^transfer \d+ has 1 entries summing to 5 /),
        `account wallet:${user} caches balance 499 but its entries sum to 105`,
        'external account external:bank caches balance 400 (it keeps none)',
        expect.stringMatching(new RegExp(`^reversal \\d+ does not cancel transfer ${transferId}$`)),
      ]),
    );
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});

const depositLegs = (userId: number, cents: number): TransferLeg[] => [
  { account: { kind: 'external', name: 'bank' }, amountCents: -cents },
  { account: { kind: 'wallet', userId }, amountCents: cents },
];
