import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { defineQueue } from '#server/jobs/job-types.ts';
import { startJobQueue } from '#server/jobs/queue.ts';
import { bankAccountFingerprint } from '#server/payments/fingerprint.ts';
import { newMember, post, signUp } from '#server/test/http-helpers.ts';
import { capturedLog } from '#server/test/log-capture.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import { SANDBOX_TEST_ROUTING_NUMBER } from '#shared/bank.ts';

// Rules added to the test database only, so that chosen writes fail the way a real bug or outage would.
const REFUSALS = [
  sql`alter table users add constraint sc_test_refused_users check (username not like 'refused%')`,
  sql`alter table bank_accounts add constraint sc_test_refused_banks check (bank_name <> 'Refused Savings Bank')`,
  sql`alter table notifications add constraint sc_test_refused_notices
      check (type <> 'bank_micro_deposits_sent' or data->>'bankName' <> 'Refused Notice Bank')`,
];

/** What gives a statement's values away even when the values themselves are unknown to the test. */
const VALUE_CARRIERS = ['Failing row contains', '"params"', 'params:', 'amount1', 'amount2', '$argon2id$'];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testEngines)('no secret reaches the log on %s', (engine) => {
  const log = capturedLog();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { logger: log.logger });
    for (const statement of REFUSALS) await t.db.execute(statement);
  });
  afterAll(() => t.close());

  function expectAbsent(secrets: string[]) {
    const written = log.text();
    expect(written.length).toBeGreaterThan(0);
    for (const secret of [...secrets, ...VALUE_CARRIERS]) expect(written).not.toContain(secret);
  }

  const errorLines = () => log.entries().filter((entry) => entry.msg === 'unhandled error');

  it('a sign-up whose insert fails logs the table and rule, not the password or its hash', async () => {
    const member = newMember({ username: `refused${Date.now()}`, password: 'plum-lantern-river-8841' });
    const reply = await post(t.app, '/api/auth/register', member);
    expect(reply.statusCode).toBe(500);
    expect(reply.json().code).toBe('INTERNAL_ERROR');

    expectAbsent([member.password, member.email]);
    const [line] = errorLines();
    expect(line).toMatchObject({
      level: 50,
      code: 'INTERNAL_ERROR',
      route: '/api/auth/register',
      db: { code: '23514', table: 'users', constraint: 'sc_test_refused_users' },
      err: { type: 'DrizzleQueryError', paramCount: expect.any(Number) },
    });
    expect(line.reqId).toBeTruthy();
    expect(line.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(line.err.cause).toMatchObject({ code: '23514', constraint: 'sc_test_refused_users' });
  });

  it('a bank link whose writes fail logs neither the fingerprint, the micro-deposits nor the session', async () => {
    const member = await signUp(t.app);
    const token = member.auth.authorization;
    const accountNumber = '000123456789';
    for (const bankName of ['Refused Savings Bank', 'Refused Notice Bank']) {
      const session = await post(t.app, '/api/create-financial-connections-session', undefined, member.auth);
      expect(session.statusCode, session.body).toBe(200);
      const account = {
        bankName,
        routingNumber: SANDBOX_TEST_ROUTING_NUMBER,
        accountNumber,
        accountType: 'checking',
      };
      const reply = await post(
        t.app,
        '/api/complete-bank-connection',
        { sessionId: session.json().sessionId, account },
        { ...member.auth, cookie: `sc_session=${token}` },
      );
      expect(reply.statusCode).toBe(500);
    }
    const fingerprint = bankAccountFingerprint(
      t.ctx.config.payments.fingerprintSecret,
      SANDBOX_TEST_ROUTING_NUMBER,
      accountNumber,
    );
    expectAbsent([fingerprint, accountNumber, token, sha256(token)]);
    const tables = errorLines().map((line) => [line.db.table, line.db.constraint]);
    expect(tables).toEqual(
      expect.arrayContaining([
        ['bank_accounts', 'sc_test_refused_banks'],
        ['notifications', 'sc_test_refused_notices'],
      ]),
    );
  });

  it('a request line names the route, not the invite code or anything else in the URL', async () => {
    const admin = await signUp(t.app);
    const startDate = new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const group = await post(
      t.app,
      '/api/groups',
      { name: 'Log check', contributionAmount: '50.00', memberLimit: 3, startDate },
      admin.auth,
    );
    expect(group.statusCode, group.body).toBe(201);
    const code = group.json().inviteCode as string;
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/groups/invite/${code}?ref=${code}`,
      headers: admin.auth,
    });
    expect(lookup.statusCode).toBe(200);
    expect(log.text()).not.toContain(code);
    const line = log
      .entries()
      .find((entry) => entry.msg === 'request completed' && entry.req.url.includes('/invite/'));
    expect(line?.req).toMatchObject({ method: 'GET', url: '/api/groups/invite/:code' });
  });

  it('a background job whose write fails keeps the values out of the log and of the stored job', async () => {
    const queues = { refusedWrite: defineQueue<{ username: string }>({ retryLimit: 0 }) };
    const planted = `$argon2id$v=19$m=19456,t=2,p=1$${sha256('salt').slice(0, 22)}$${sha256('job secret')}`;
    const jobs = await startJobQueue(t.ctx, {
      mode: 'manual',
      log: log.logger,
      queues,
      handlers: {
        refusedWrite: async (ctx, job) => {
          await ctx.database.db.insert(users).values({
            username: job.data.username,
            email: `${job.data.username}@example.org`,
            fullName: 'Refused Job',
            passwordHash: planted,
          });
        },
      },
    });
    try {
      const id = await jobs.enqueue('refusedWrite', { username: `refused-job-${Date.now()}` });
      await jobs.drain();
      const job = await jobs.getJob('refusedWrite', id!);
      expect(job?.state).toBe('failed');
      expect(JSON.stringify(job?.output)).not.toContain(planted);
      expect(JSON.stringify(job?.output)).toContain('sc_test_refused_users');
      expectAbsent([planted, sha256('job secret')]);
      const failed = log.entries().find((entry) => entry.msg === 'job attempt failed');
      expect(failed?.err.cause).toMatchObject({ code: '23514', table: 'users' });
    } finally {
      await jobs.stop();
    }
  });
});
