import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bankAccounts } from '#server/db/schema.ts';
import { get, post, type Reply, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { SANDBOX_TEST_ROUTING_NUMBER } from '#shared/bank.ts';

type Member = Awaited<ReturnType<typeof signUp>>;

const details = (overrides: Record<string, string> = {}) => ({
  bankName: 'Harbor Credit Union',
  routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
  accountNumber: '000123456789',
  accountType: 'checking',
  ...overrides,
});

/** Both drivers answer raw SQL with `{ rows }`. */
function rowsOf<T = unknown>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function del(app: FastifyInstance, url: string, headers: Record<string, string>) {
  return app.inject({ method: 'DELETE', url, headers }) as Promise<Reply>;
}

describe.each(testEngines)('bank accounts over the API on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  async function startSession(member: Member) {
    const reply = await post(t.app, '/api/create-financial-connections-session', undefined, member.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as { sessionId: string; clientSecret: string; hostedUrl: string };
  }

  async function link(member: Member, overrides: Record<string, string> = {}) {
    const { sessionId } = await startSession(member);
    const reply = await post(
      t.app,
      '/api/complete-bank-connection',
      { sessionId, account: details(overrides) },
      member.auth,
    );
    return { sessionId, reply };
  }

  /** The sandbox's "bank statement": the amounts in the user's notification for this account. */
  async function statement(member: Member, accountId: number): Promise<[string, string]> {
    const { notifications } = (await get(t.app, '/api/notifications', member.auth)).json();
    const sent = notifications.find(
      (n: { type: string; data: { bankAccountId: number } }) =>
        n.type === 'bank_micro_deposits_sent' && n.data.bankAccountId === accountId,
    );
    expect(sent).toBeDefined();
    return [sent.data.amount1, sent.data.amount2];
  }

  const list = async (member: Member) => (await get(t.app, '/api/user-bank-accounts', member.auth)).json();
  const verify = (member: Member, id: number, amounts: unknown) =>
    post(t.app, `/api/bank-accounts/${id}/verify`, { amounts }, member.auth);

  /** Two amounts under $1 that are surely not the pair sent. */
  function wrongPair([a, b]: [string, string]): [string, string] {
    const other = ['0.01', '0.02', '0.03'].filter((x) => x !== a && x !== b);
    return [other[0]!, other[1]!];
  }

  it('refuses anonymous callers on every route', async () => {
    const calls = [
      get(t.app, '/api/user-bank-accounts'),
      get(t.app, '/api/payments/provider'),
      post(t.app, '/api/create-financial-connections-session'),
      post(t.app, '/api/complete-bank-connection', { sessionId: 'bls_x', account: details() }),
      get(t.app, '/api/bank-link-sessions/bls_x'),
      post(t.app, '/api/bank-accounts/1/verify', { amounts: ['0.10', '0.20'] }),
      del(t.app, '/api/bank-accounts/1', {}),
    ];
    for (const reply of await Promise.all(calls)) expect(reply.statusCode).toBe(401);
  });

  it('links through the sandbox connect page, shows the deposits as a statement, and verifies them', async () => {
    const member = await signUp(t.app);
    const provider = (await get(t.app, '/api/payments/provider', member.auth)).json();
    expect(provider).toEqual({
      name: 'sandbox',
      label: 'Sandbox: no real money moves',
      movesRealMoney: false,
      payoutMethods: ['bank_transfer', 'instant', 'wire', 'check'],
    });

    const session = await startSession(member);
    expect(session.sessionId).toMatch(/^bls_[\w-]{24}$/);
    expect(session.clientSecret.startsWith(`${session.sessionId}_secret_`)).toBe(true);
    expect(session.hostedUrl).toBe(`/sandbox/connect?session=${encodeURIComponent(session.sessionId)}`);
    const status = (await get(t.app, `/api/bank-link-sessions/${session.sessionId}`, member.auth)).json();
    expect(status).toMatchObject({ status: 'open', provider: { name: 'sandbox' } });

    const done = await post(
      t.app,
      '/api/complete-bank-connection',
      { sessionId: session.sessionId, account: details() },
      member.auth,
    );
    expect(done.statusCode, done.body).toBe(200);
    const { bankAccount } = done.json();
    expect(done.json()).toMatchObject({ success: true, message: 'Bank Account Connected!' });
    expect(bankAccount).toMatchObject({
      bankName: 'Harbor Credit Union',
      last4: '6789',
      accountType: 'checking',
      status: 'connected',
      verificationAttemptsLeft: 3,
    });
    expect(bankAccount.fingerprint).toBeUndefined();
    const used = (await get(t.app, `/api/bank-link-sessions/${session.sessionId}`, member.auth)).json();
    expect(used.status).toBe('completed');

    const listed = await list(member);
    expect(listed.bankAccounts).toEqual([bankAccount]);
    expect(listed.provider.name).toBe('sandbox');
    let me = (await get(t.app, '/api/user', member.auth)).json();
    expect(me).toMatchObject({ bankAccountLast4: '6789', bankAccountVerified: false });

    const amounts = await statement(member, bankAccount.id);
    for (const amount of amounts) expect(amount).toMatch(/^0\.\d\d$/);
    expect(amounts[0]).not.toBe(amounts[1]);
    // Read off the statement in either order.
    const verified = await verify(member, bankAccount.id, [amounts[1], amounts[0]]);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().bankAccount).toMatchObject({ status: 'verified', verificationAttemptsLeft: 0 });
    expect((await list(member)).bankAccounts[0].status).toBe('verified');
    me = (await get(t.app, '/api/user', member.auth)).json();
    expect(me).toMatchObject({ bankAccountLast4: '6789', bankAccountVerified: true });

    const again = await verify(member, bankAccount.id, amounts);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This bank account is already verified');

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.actorUserId} = ${member.id} and ${auditLog.action} like 'bank_%'`)
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'bank_link_started',
      'bank_account_linked',
      'bank_account_verified',
    ]);
  });

  it('refuses a bad routing number with a clear 400 and stores nothing', async () => {
    const member = await signUp(t.app);
    const { sessionId, reply } = await link(member, { routingNumber: '110000001' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe('Enter a valid 9-digit routing number');
    expect(reply.json().issues[0]).toMatchObject({
      path: 'account.routingNumber',
      key: 'routingNumberInvalid',
    });
    for (const [field, value, message] of [
      ['accountNumber', '12a4', 'Account numbers are 4 to 17 digits'],
      ['accountNumber', '123', 'Account numbers are 4 to 17 digits'],
      ['bankName', '  ', 'Bank name is required'],
      ['accountType', 'brokerage', 'Choose checking or savings'],
    ] as const) {
      const bad = await post(
        t.app,
        '/api/complete-bank-connection',
        { sessionId, account: details({ [field]: value }) },
        member.auth,
      );
      expect(bad.statusCode, field).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    expect((await list(member)).bankAccounts).toEqual([]);
    // The session is still usable once the typo is fixed.
    const status = (await get(t.app, `/api/bank-link-sessions/${sessionId}`, member.auth)).json();
    expect(status.status).toBe('open');
    const fixed = await post(
      t.app,
      '/api/complete-bank-connection',
      { sessionId, account: details() },
      member.auth,
    );
    expect(fixed.statusCode).toBe(200);
  });

  it('never stores the full account number anywhere', async () => {
    const member = await signUp(t.app);
    const accountNumber = '4815162342';
    const { reply } = await link(member, { accountNumber });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().bankAccount.last4).toBe('2342');
    const names = rowsOf<{ table_name: string }>(
      await t.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    );
    expect(names.map((n) => n.table_name)).toEqual(expect.arrayContaining(['bank_accounts', 'audit_log']));
    for (const { table_name } of names) {
      const rows = rowsOf(await t.db.execute(sql`select * from ${sql.identifier(table_name)}`));
      const text = JSON.stringify(rows);
      expect(text.includes(accountNumber), table_name).toBe(false);
    }
  });

  it('refuses the same account twice for one person, allows it after removal and for someone else', async () => {
    const member = await signUp(t.app);
    const first = await link(member, { accountNumber: '55550001' });
    expect(first.reply.statusCode).toBe(200);
    const second = await link(member, { accountNumber: '55550001', bankName: 'Same bank, new name' });
    expect(second.reply.statusCode).toBe(409);
    expect(second.reply.json().message).toBe('This bank account is already connected');
    // A different routing number is a different account.
    const otherBank = await link(member, { accountNumber: '55550001', routingNumber: '021000021' });
    expect(otherBank.reply.statusCode).toBe(200);

    const partner = await signUp(t.app);
    expect((await link(partner, { accountNumber: '55550001' })).reply.statusCode).toBe(200);

    const removed = await del(t.app, `/api/bank-accounts/${first.reply.json().bankAccount.id}`, member.auth);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await link(member, { accountNumber: '55550001' })).reply.statusCode).toBe(200);
  });

  it('counts wrong micro-deposit amounts and locks verification at the third', async () => {
    const member = await signUp(t.app);
    const { reply } = await link(member, { accountNumber: '700000001' });
    const id = reply.json().bankAccount.id as number;
    const amounts = await statement(member, id);

    for (const left of [2, 1]) {
      const wrong = await verify(member, id, wrongPair(amounts));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toBe(
        "Those amounts don't match the two deposits. Check your statement and try again.",
      );
      expect((await list(member)).bankAccounts[0].verificationAttemptsLeft).toBe(left);
    }
    const third = await verify(member, id, wrongPair(amounts));
    expect(third.statusCode).toBe(423);
    expect(third.json().code).toBe('MICRO_DEPOSITS_LOCKED');
    const locked = (await list(member)).bankAccounts[0];
    expect(locked).toMatchObject({ status: 'verification_failed', verificationAttemptsLeft: 0 });
    // Even the right amounts are refused once locked.
    const right = await verify(member, id, amounts);
    expect(right.statusCode).toBe(423);
    const me = (await get(t.app, '/api/user', member.auth)).json();
    expect(me).toMatchObject({ bankAccountLast4: null, bankAccountVerified: false });
  });

  it('counts parallel wrong guesses one by one: never more than three', async () => {
    const member = await signUp(t.app);
    const { reply } = await link(member, { accountNumber: '700000002' });
    const id = reply.json().bankAccount.id as number;
    const amounts = await statement(member, id);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => verify(member, id, wrongPair(amounts))),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 422)).toHaveLength(2);
    expect(codes.filter((c) => c === 423)).toHaveLength(4);
  });

  it('refuses deposit amounts that are not under $1', async () => {
    const member = await signUp(t.app);
    const { reply } = await link(member, { accountNumber: '700000003' });
    const id = reply.json().bankAccount.id as number;
    for (const amounts of [
      ['32', '0.45'],
      ['0.00', '0.45'],
      ['0.321', '0.45'],
      ['-0.10', '0.45'],
      ['0.10'],
    ]) {
      const bad = await verify(member, id, amounts);
      expect(bad.statusCode, JSON.stringify(amounts)).toBe(400);
      expect(bad.json().message).toBe('Enter each deposit in dollars, under $1, like 0.32');
    }
    expect((await list(member)).bankAccounts[0].verificationAttemptsLeft).toBe(3);
    const [a, b] = await statement(member, id);
    // ".32" is what many people type.
    expect((await verify(member, id, [a.slice(1), b])).statusCode).toBe(200);
  });

  it("answers 404 for another person's account or session", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { sessionId, reply } = await link(owner, { accountNumber: '700000004' });
    const id = reply.json().bankAccount.id as number;
    const amounts = await statement(owner, id);

    const guess = await verify(stranger, id, amounts);
    expect(guess.statusCode).toBe(404);
    expect(guess.json().message).toBe('Bank account not found');
    expect((await del(t.app, `/api/bank-accounts/${id}`, stranger.auth)).statusCode).toBe(404);
    expect((await get(t.app, `/api/bank-link-sessions/${sessionId}`, stranger.auth)).statusCode).toBe(404);
    const { sessionId: ownerOpen } = await startSession(owner);
    const hijack = await post(
      t.app,
      '/api/complete-bank-connection',
      { sessionId: ownerOpen, account: details({ accountNumber: '700000005' }) },
      stranger.auth,
    );
    expect(hijack.statusCode).toBe(404);
    expect((await list(stranger)).bankAccounts).toEqual([]);
    expect((await list(owner)).bankAccounts).toHaveLength(1);
    expect((await verify(owner, 999_999, amounts)).statusCode).toBe(404);
  });

  it('refuses a used session (replay) and an expired one', async () => {
    const member = await signUp(t.app);
    const { sessionId, reply } = await link(member, { accountNumber: '700000006' });
    expect(reply.statusCode).toBe(200);
    const replay = await post(
      t.app,
      '/api/complete-bank-connection',
      { sessionId, account: details({ accountNumber: '700000007' }) },
      member.auth,
    );
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe('This bank connection session has already been used');

    const { sessionId: stale } = await startSession(member);
    t.clock.advance(31 * 60 * 1000);
    expect((await get(t.app, `/api/bank-link-sessions/${stale}`, member.auth)).json().status).toBe('expired');
    const late = await post(
      t.app,
      '/api/complete-bank-connection',
      { sessionId: stale, account: details({ accountNumber: '700000008' }) },
      member.auth,
    );
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('This bank connection session has expired. Please start again.');
    const unknown = await post(
      t.app,
      '/api/complete-bank-connection',
      { sessionId: 'bls_nope' },
      member.auth,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await list(member)).bankAccounts).toHaveLength(1);
  });

  it('links one account when two completions race with one session', async () => {
    const member = await signUp(t.app);
    const { sessionId } = await startSession(member);
    const replies = await Promise.all(
      ['700000009', '700000010', '700000011'].map((accountNumber) =>
        post(
          t.app,
          '/api/complete-bank-connection',
          { sessionId, account: details({ accountNumber }) },
          member.auth,
        ),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await list(member)).bankAccounts).toHaveLength(1);
  });

  it('declines the documented test account that fails linking, and records why', async () => {
    const member = await signUp(t.app);
    const { sessionId, reply } = await link(member, { accountNumber: '000222222227' });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().code).toBe('BANK_LINK_DECLINED');
    expect((await list(member)).bankAccounts).toEqual([]);
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.actorUserId} = ${member.id} and ${auditLog.action} = 'bank_link_failed'`);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.subject).toBe(sessionId);
  });

  it('removes an account softly: gone from the list and the profile, audited, and 404 the second time', async () => {
    const member = await signUp(t.app);
    const { reply } = await link(member, { accountNumber: '700000012' });
    const id = reply.json().bankAccount.id as number;
    const removed = await del(t.app, `/api/bank-accounts/${id}`, member.auth);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await list(member)).bankAccounts).toEqual([]);
    expect((await get(t.app, '/api/user', member.auth)).json().bankAccountLast4).toBeNull();
    expect((await del(t.app, `/api/bank-accounts/${id}`, member.auth)).statusCode).toBe(404);
    expect((await verify(member, id, ['0.10', '0.20'])).statusCode).toBe(404);
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
    expect(row).toMatchObject({ status: 'removed', removedAt: t.clock.now() });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.subject} = ${String(id)} and ${auditLog.action} = 'bank_account_removed'`);
    expect(audit).toHaveLength(1);
  });
});
