import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '#server/db/groups-schema.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { markWithdrawalProcessing, verifiedBankAccount } from './statements.ts';
import { submitWithdrawal } from './submit.ts';

describe.each(testEngines)('withdrawals on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual' });
  });
  afterAll(() => t.close());

  let funding = 0;
  /** A member whose wallet holds `cents` (as a payout would leave it) and, optionally, a verified bank. */
  async function member(cents: number, bank: 'verified' | 'none' | 'payout_fails' = 'verified') {
    const user = await signUp(t.app);
    if (cents > 0)
      await postTransfer(t.db, {
        idempotencyKey: `test-funding:${++funding}`,
        kind: 'payout',
        userId: user.id,
        at: t.clock.now(),
        legs: [
          { account: { kind: 'external', name: 'bank' }, amountCents: -cents },
          { account: { kind: 'wallet', userId: user.id }, amountCents: cents },
        ],
      });
    if (bank !== 'none')
      await t.db.insert(bankAccounts).values({
        userId: user.id,
        provider: 'sandbox',
        providerRef: `sbx_ba_test_${user.id}`,
        providerData: { testBehaviour: bank === 'payout_fails' ? 'payout_fails' : 'succeeds' },
        bankName: 'Test Credit Union',
        last4: '6789',
        fingerprint: `fp-${user.id}`,
        accountType: 'checking',
        status: 'verified',
      });
    return user;
  }
  const wallet = async (auth: Record<string, string>) => (await get(t.app, '/api/wallet', auth)).json();
  const settle = () => t.jobs!.drain({ only: ['payment-event'], includeDelayed: true });

  /** The subjects and bodies of the withdrawal emails a user was sent. */
  const withdrawalMails = async (userId: number) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId)))
      .filter((m) => m.kind.startsWith('withdrawal_'))
      .map((m) => [m.kind, m.textBody]);

  it('reads and writes through its SQL statements the same rows as Drizzle does (no column left behind)', async () => {
    const user = await member(50_000);
    const [bank] = await verifiedBankAccount(t.db, user.id, null);
    const [drizzleBank] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, user.id));
    expect(bank).toEqual(drizzleBank);
    expect(await verifiedBankAccount(t.db, user.id, drizzleBank!.id + 1)).toEqual([]);

    const reply = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'bank_transfer', amount: '10.00' },
      user.auth,
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const [stored] = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    const written = await t.db.transaction((tx) =>
      markWithdrawalProcessing(tx, stored!.id, stored!.providerRef!, stored!.submittedAt!),
    );
    expect(written).toEqual(stored);
    expect(Object.keys(written).sort()).toEqual(Object.keys(stored!).sort());
  });

  it('holds amount + fee at once, then pays out and takes the fee when the processor confirms', async () => {
    const user = await member(50_000);
    const reply = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'instant', amount: '100.00' },
      user.auth,
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({
      success: true,
      withdrawal: {
        method: 'instant',
        amount: '100.00',
        fee: '1.50',
        total: '101.50',
        status: 'processing',
        bankAccount: { bankName: 'Test Credit Union', last4: '6789' },
      },
      wallet: { balance: '500.00', held: '101.50', available: '398.50' },
    });
    const feesBefore = await balanceOf(t.db, { kind: 'fee_revenue' });
    expect(await settle()).toBeGreaterThanOrEqual(1);
    expect(await wallet(user.auth)).toEqual({ balance: '398.50', held: '0.00', available: '398.50' });
    expect(await balanceOf(t.db, { kind: 'fee_revenue' })).toBe(feesBefore + 150);
    const [listed] = (await get(t.app, '/api/withdrawals', user.auth)).json();
    expect(listed).toMatchObject({
      status: 'completed',
      bankAccount: { bankName: 'Test Credit Union', last4: '6789' },
    });
    expect(await withdrawalMails(user.id)).toEqual([
      ['withdrawal_completed', expect.stringContaining('Your withdrawal of $100.00 has been sent')],
    ]);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('gives the held money back when the payout fails', async () => {
    const user = await member(20_000, 'payout_fails');
    const reply = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'bank_transfer', amount: '150' },
      user.auth,
    );
    expect(reply.json().wallet.available).toBe('50.00');
    await settle();
    expect(await wallet(user.auth)).toEqual({ balance: '200.00', held: '0.00', available: '200.00' });
    const [failed] = (await get(t.app, '/api/withdrawals', user.auth)).json();
    expect(failed).toMatchObject({ status: 'failed', failureMessage: expect.stringContaining('closed') });
    expect(await withdrawalMails(user.id)).toEqual([
      ['withdrawal_failed', expect.stringContaining('Your withdrawal of $150.00 could not be completed')],
    ]);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('pays wires and checks to the details given, with their flat fees', async () => {
    const user = await member(100_000, 'none');
    const wire = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'wire', amount: '500', recipientInfo: 'Banco Azteca, SWIFT AZTKMXMM, account 0123456789' },
      user.auth,
    );
    expect(wire.json().withdrawal).toMatchObject({ fee: '15.00', total: '515.00' });
    const check = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'check', amount: '25', recipientInfo: '12 Harbour Road, Accra' },
      user.auth,
    );
    expect(check.json().withdrawal).toMatchObject({ fee: '2.50', total: '27.50' });
    await settle();
    expect((await wallet(user.auth)).balance).toBe('457.50');
  });

  it.each([
    [{ method: 'teleport', amount: '10' }, 400, 'Please select a withdrawal method'],
    [{ method: 'instant', amount: '0.50' }, 400, 'Amount must be between $1.00 and $5,000.00'],
    [
      { method: 'wire', amount: '99.99', recipientInfo: 'x' },
      400,
      'Amount must be between $100.00 and $50,000.00',
    ],
    [{ method: 'wire', amount: '200' }, 400, 'Please enter the wire transfer details'],
    [
      { method: 'check', amount: '200', recipientInfo: '  ' },
      400,
      'Please enter the mailing address for the check',
    ],
    [{ method: 'instant', amount: '12.345' }, 400, 'Enter an amount in dollars and cents, like 25 or 25.50'],
    [{ method: 'instant', amount: '900' }, 409, 'Insufficient funds'],
  ])('refuses %o with %i "%s" and changes nothing', async (body, status, message) => {
    const user = await member(50_000);
    const reply = await post(t.app, '/api/withdrawals/request', body, user.auth);
    expect(reply.statusCode).toBe(status);
    expect(reply.json().message).toBe(message);
    expect(await wallet(user.auth)).toEqual({ balance: '500.00', held: '0.00', available: '500.00' });
    expect((await get(t.app, '/api/withdrawals', user.auth)).json()).toEqual([]);
  });

  it('needs a verified bank account for bank and instant transfers, and the signed-in user', async () => {
    const user = await member(50_000, 'none');
    const noBank = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'instant', amount: '10' },
      user.auth,
    );
    expect(noBank.json().code).toBe('BANK_ACCOUNT_REQUIRED');
    const other = await member(50_000);
    const someoneElse = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'instant', amount: '10', userId: user.id },
      other.auth,
    );
    expect(someoneElse.statusCode).toBe(403);
    expect(
      (await post(t.app, '/api/withdrawals/request', { method: 'instant', amount: '10' })).statusCode,
    ).toBe(401);
    expect((await get(t.app, '/api/wallet')).statusCode).toBe(401);
    // Another user's bank account is not a destination.
    const [theirs] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, other.id));
    const stolen = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'instant', amount: '10', bankAccountId: theirs!.id },
      user.auth,
    );
    expect(stolen.json().code).toBe('BANK_ACCOUNT_REQUIRED');
  });

  it('turns one Idempotency-Key into one withdrawal with one reply', async () => {
    const user = await member(50_000);
    const headers = { ...user.auth, 'idempotency-key': 'withdraw-once-1' };
    const first = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'bank_transfer', amount: '100' },
      headers,
    );
    const again = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'bank_transfer', amount: '100' },
      headers,
    );
    expect(again.body).toBe(first.body);
    expect((await get(t.app, '/api/withdrawals', user.auth)).json()).toHaveLength(1);
    expect((await wallet(user.auth)).held).toBe('100.00');
  });

  it('finds the withdrawal of a key whose first attempt died before its reply was stored', async () => {
    const user = await member(50_000);
    const headers = { ...user.auth, 'idempotency-key': 'withdraw-crash-1' };
    const body = { method: 'check', amount: '40', recipientInfo: '12 Harbour Road, Accra' };
    const first = await post(t.app, '/api/withdrawals/request', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().withdrawal.id as number;
    // As if the process died after the withdrawal's transaction and before submitting it or
    // storing the reply: the claim has no reply and is older than the abandon time.
    await t.db
      .update(withdrawals)
      .set({ status: 'requested', providerRef: null })
      .where(eq(withdrawals.id, id));
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null, createdAt: new Date(t.clock.now().getTime() - 61_000) })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'withdraw-crash-1')));
    const retry = await post(t.app, '/api/withdrawals/request', body, headers);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json().withdrawal).toMatchObject({ id, status: 'processing', total: '42.50' });
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(1);
    expect(await wallet(user.auth)).toEqual({ balance: '500.00', held: '42.50', available: '457.50' });
    // The stored reply is the retry's; a different withdrawal under the used key is refused.
    expect((await post(t.app, '/api/withdrawals/request', body, headers)).body).toBe(retry.body);
    await t.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'withdraw-crash-1')));
    const other = await post(t.app, '/api/withdrawals/request', { ...body, amount: '41' }, headers);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    await settle();
    expect(await wallet(user.auth)).toEqual({ balance: '457.50', held: '0.00', available: '457.50' });
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('lets a retry waiting on a dead claim take the key over once it is abandoned', async () => {
    const user = await member(50_000);
    const headers = { ...user.auth, 'idempotency-key': 'withdraw-dead-claim' };
    const body = { method: 'bank_transfer', amount: '30' };
    const first = await post(t.app, '/api/withdrawals/request', body, headers);
    const id = first.json().withdrawal.id as number;
    // Its process died 59 s ago, before submitting the withdrawal or storing the reply.
    await t.db
      .update(withdrawals)
      .set({ status: 'requested', providerRef: null })
      .where(eq(withdrawals.id, id));
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null, createdAt: new Date(t.clock.now().getTime() - 59_000) })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'withdraw-dead-claim')));
    // The retry waits for the claim; two seconds on, it is abandoned and the retry takes it over.
    const retry = post(t.app, '/api/withdrawals/request', body, headers);
    await new Promise((resolve) => setTimeout(resolve, 300));
    t.clock.advance(2_000);
    const replied = await retry;
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().withdrawal).toMatchObject({ id, status: 'processing' });
    expect((await get(t.app, '/api/withdrawals', user.auth)).json()).toHaveLength(1);
    expect((await wallet(user.auth)).held).toBe('30.00');
  });

  it('lets exactly one of 20 simultaneous withdrawals of 60% of the balance through', async () => {
    const user = await member(10_000);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(t.app, '/api/withdrawals/request', { method: 'bank_transfer', amount: '60.00' }, user.auth),
      ),
    );
    const ok = replies.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 201))
      expect(r.json().code).toBe('INSUFFICIENT_FUNDS');
    const view = await wallet(user.auth);
    expect(Number(view.available)).toBeGreaterThanOrEqual(0);
    await settle();
    expect(await balanceOf(t.db, { kind: 'wallet', userId: user.id })).toBe(10_000 - ok.length * 6_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  it('submits a withdrawal left behind by a crash exactly once', async () => {
    const user = await member(30_000);
    const reply = await post(
      t.app,
      '/api/withdrawals/request',
      { method: 'bank_transfer', amount: '50' },
      user.auth,
    );
    const id = reply.json().withdrawal.id as number;
    // As if the process died between the hold and the processor call.
    await t.db
      .update(withdrawals)
      .set({ status: 'requested', providerRef: null })
      .where(eq(withdrawals.id, id));
    const again = await submitWithdrawal(t.ctx, id);
    expect(again.status).toBe('processing');
    expect(again.providerRef).toBe(reply.json().withdrawal.providerRef ?? again.providerRef);
    await settle();
    expect(await balanceOf(t.db, { kind: 'wallet', userId: user.id })).toBe(25_000);
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});
