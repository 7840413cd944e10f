import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, outboxMessages, users } from '#server/db/schema.ts';
import { queueEmail } from '#server/email/outbox.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { get, post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';
import type { MonitoringReply } from '#shared/schemas/monitoring.ts';
import type { JobRetryReply, LedgerCheckReply } from '#shared/schemas/system-admin.ts';
import { createRequestRecorder } from './request-recorder.ts';
import { BUCKET_SECONDS } from './request-series.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe.each(testEngines)('the system dashboard’s database and system tabs on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operator: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual' });
    operator = await signUp(t.app);
    member = await signUp(t.app);
    await t.db
      .update(users)
      .set({ isOperator: true, operatorSource: 'command' })
      .where(eq(users.id, operator.id));
  });
  afterAll(() => t.close());

  const monitoring = async (timeframe = '1h') => {
    const reply = await get(t.app, `/api/admin/monitoring?timeframe=${timeframe}`, operator.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as MonitoringReply;
  };

  /** A payment event nobody subscribes to, with no retry left: its one attempt fails. */
  const failingJob = async () => {
    const id = await t.jobs!.enqueue('payment-event', { type: 'no-such-event' } as never, { retryLimit: 0 });
    await t.jobs!.drain({ only: ['payment-event'] });
    expect((await t.jobs!.getJob('payment-event', id!))?.state).toBe('failed');
    return id!;
  };

  it('refuses every new route to a member (403) and to no one signed in (401)', async () => {
    const id = await failingJob();
    for (const url of [`/api/admin/jobs/payment-event/${id}/retry`, '/api/admin/ledger-check']) {
      expect((await post(t.app, url, undefined, member.auth)).statusCode, url).toBe(403);
      expect((await post(t.app, url)).statusCode, url).toBe(401);
    }
    expect((await t.jobs!.getJob('payment-event', id))?.state).toBe('failed');
  });

  it('charts every bucket of the timeframe, zero-filled, adding up to the totals', async () => {
    const other = createRequestRecorder(t.db, { activeConnections: () => 0 }, 'series-instance');
    try {
      const answered = (statusCode: number, at: Date) => ({
        method: 'GET',
        route: '/api/series-check',
        statusCode,
        durationMs: 40,
        ip: '198.51.100.7',
        at,
      });
      const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000);
      other.record(answered(500, threeHoursAgo));
      other.record(answered(200, threeHoursAgo));
      other.record(answered(403, new Date()));
      other.record(answered(503, new Date()));
      await other.flush();
    } finally {
      other.stop();
    }
    await get(t.app, '/api/user', member.auth);

    for (const timeframe of ['1h', '24h', '7d'] as const) {
      const reply = await monitoring(timeframe);
      const { series, performance, security } = reply;
      const stepMs = BUCKET_SECONDS[timeframe] * 1000;
      const spanMs = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 }[timeframe];
      // Every bucket from the timeframe's start to now, one step apart: no gap for the chart.
      expect(series.length, timeframe).toBeGreaterThanOrEqual(spanMs / stepMs);
      expect(series.length, timeframe).toBeLessThanOrEqual(spanMs / stepMs + 1);
      for (let i = 1; i < series.length; i++)
        expect(Date.parse(series[i]!.at) - Date.parse(series[i - 1]!.at)).toBe(stepMs);
      expect(series.some((bucket) => bucket.requests === 0 && bucket.averageResponseTime === 0)).toBe(true);

      expect(sum(series.map((b) => b.requests)), timeframe).toBe(performance.totalRequests);
      const fiveHundreds = Object.entries(performance.requestsByStatus)
        .filter(([status]) => Number(status) >= 500)
        .map(([, count]) => count);
      expect(sum(series.map((b) => b.errors)), timeframe).toBe(sum(fiveHundreds));
      expect(sum(series.map((b) => b.suspicious)), timeframe).toBe(security.suspiciousRequests);
      expect(performance.requestsByPath['GET /api/series-check'], timeframe).toBe(timeframe === '1h' ? 2 : 4);
    }
    const day = await monitoring('24h');
    const threeHoursAgo = Date.now() - 3 * 3_600_000;
    const bucket = day.series.find(
      (b) => Date.parse(b.at) <= threeHoursAgo && threeHoursAgo < Date.parse(b.at) + 15 * 60_000,
    );
    expect(bucket?.errors).toBeGreaterThanOrEqual(1);
    expect(bucket?.requests).toBeGreaterThanOrEqual(2);
  });

  it('lists a failed job without its payload, and retries it once', async () => {
    const id = await failingJob();
    const { database } = await monitoring();
    const listed = database.failedJobs.find((job) => job.id === id);
    expect(listed).toMatchObject({
      queue: 'payment-event',
      error: 'no subscriber for payment event no-such-event',
    });
    expect(Date.parse(listed!.failedAt)).not.toBeNaN();
    expect(JSON.stringify(database.failedJobs)).not.toContain('"type"');
    expect(database.queues.find((q) => q.queue === 'payment-event')?.failed).toBeGreaterThanOrEqual(1);

    const reply = await post(t.app, `/api/admin/jobs/payment-event/${id}/retry`, undefined, operator.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json() as JobRetryReply).toEqual({ queue: 'payment-event', id, state: 'retry' });
    expect((await t.jobs!.getJob('payment-event', id))?.state).toBe('retry');
    expect((await monitoring()).database.failedJobs.map((job) => job.id)).not.toContain(id);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `job:payment-event/${id}`));
    expect(audit).toMatchObject({ action: 'job_retried', actorUserId: operator.id });

    // Not failed any more (nor in that queue): nothing to retry.
    const again = await post(t.app, `/api/admin/jobs/payment-event/${id}/retry`, undefined, operator.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('FAILED_JOB_NOT_FOUND');
    const elsewhere = await post(t.app, `/api/admin/jobs/send-email/${id}/retry`, undefined, operator.auth);
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await post(t.app, '/api/admin/jobs/payment-event/not-a-uuid/retry', undefined, operator.auth))
        .statusCode,
    ).toBe(400);
  });

  it('counts the outboxes’ pending and failed messages and the oldest pending one’s age', async () => {
    const before = (await monitoring()).database.outbox;
    const now = t.clock.now();
    const email = (minutesAgo: number) =>
      queueEmail(t.db, {
        userId: member.id,
        to: 'outbox.count@example.org',
        language: 'en',
        kind: 'password_changed',
        subject: 'Subject',
        text: 'Body',
        html: '<p>Body</p>',
        now: new Date(now.getTime() - minutesAgo * 60_000),
      });
    const oldest = await email(24 * 60);
    await email(1);
    const failed = await email(2);
    await t.db.update(emailOutbox).set({ status: 'failed' }).where(eq(emailOutbox.id, failed));
    await t.db.update(emailOutbox).set({ status: 'sending' }).where(eq(emailOutbox.id, oldest));
    await t.db.insert(outboxMessages).values([
      { userId: member.id, channel: 'sms', destination: '+15550100', body: 'Code', createdAt: now },
      {
        userId: member.id,
        channel: 'sms',
        destination: '+15550100',
        body: 'Code',
        createdAt: now,
        status: 'failed',
      },
    ]);

    const after = (await monitoring()).database.outbox;
    expect(after.email.pending - before.email.pending).toBe(2);
    expect(after.email.failed - before.email.failed).toBe(1);
    expect(after.email.oldestPendingSeconds).toBe(24 * 3600);
    expect(after.messages.pending - before.messages.pending).toBe(1);
    expect(after.messages.failed - before.messages.failed).toBe(1);
    expect(after.messages.oldestPendingSeconds).not.toBeNull();
  });

  it('shows the connection pool as it is, and the live instances', async () => {
    const { database, server, system } = await monitoring();
    if (engine === 'postgres') {
      expect(database.pool).toMatchObject({ max: 60 });
      expect(database.pool!.total).toBeGreaterThanOrEqual(1);
      expect(database.pool!.total).toBeLessThanOrEqual(60);
    } else {
      expect(database.pool).toBeNull();
    }
    expect(server.instances.length).toBe(system.instances);
    expect(server.instances.length).toBeGreaterThanOrEqual(1);
    for (const instance of server.instances)
      expect(Date.parse(instance.seenAt)).toBeGreaterThanOrEqual(Date.parse(instance.startedAt));
  });

  it('checks the ledger on demand: balanced when clean, the problem named when a balance is corrupt', async () => {
    await postTransfer(t.db, {
      idempotencyKey: 'ledger-check-deposit',
      kind: 'test',
      at: t.clock.now(),
      legs: [
        { account: { kind: 'external', name: 'bank' }, amountCents: -2500 },
        { account: { kind: 'wallet', userId: member.id }, amountCents: 2500 },
      ],
    });
    const clean = await post(t.app, '/api/admin/ledger-check', undefined, operator.auth);
    expect(clean.statusCode, clean.body).toBe(200);
    const ok = clean.json() as LedgerCheckReply;
    expect(ok).toMatchObject({ ok: true, problems: [] });
    expect(ok.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(ok.checkedAt)).not.toBeNaN();

    const wallet = `wallet:${member.id}`;
    await t.db.execute(
      sql`update ledger_accounts set balance_cents = balance_cents + 100 where key = ${wallet}`,
    );
    try {
      const broken = (
        await post(t.app, '/api/admin/ledger-check', undefined, operator.auth)
      ).json() as LedgerCheckReply;
      expect(broken.ok).toBe(false);
      expect(broken.problems).toContain(`account ${wallet} caches balance 2600 but its entries sum to 2500`);
    } finally {
      await t.db.execute(
        sql`update ledger_accounts set balance_cents = balance_cents - 100 where key = ${wallet}`,
      );
    }
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ledger_checked'));
    expect(audits.map((a) => a.details)).toEqual([
      { ok: true, problems: 0 },
      { ok: false, problems: 1 },
    ]);
  });
});
