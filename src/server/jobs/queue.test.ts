import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { paymentReminders } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { post, signUp } from '#server/test/http-helpers.ts';
import { createTestApp, createTestDatabase, testEngines } from '#server/test/test-app.ts';
import { TestClock } from '#server/test/test-clock.ts';
import { appHandlers, appSchedules } from './app-jobs.ts';
import { appQueues } from './app-queues.ts';
import { enqueue } from './enqueue.ts';
import { defineQueue } from './job-types.ts';
import { type JobLog, type JobQueue, startJobQueue } from './queue.ts';

const DAY = 86_400_000;
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An active three-member circle whose first contributions are due in ten days. */
async function activeCircle(t: TestApp) {
  const admin = await signUp(t.app);
  const startDate = new Date(t.clock.now().getTime() + 10 * DAY).toISOString().slice(0, 10);
  const body = { name: 'Hui', contributionAmount: '80.00', memberLimit: 3, startDate, gracePeriodDays: 1 };
  const group = (await post(t.app, '/api/groups', body, admin.auth)).json();
  for (let i = 0; i < 2; i++)
    await post(
      t.app,
      `/api/groups/${group.id}/join`,
      { inviteCode: group.inviteCode },
      (await signUp(t.app)).auth,
    );
  return { groupId: group.id as number };
}

const remindersOf = (t: TestApp, groupId: number) =>
  t.db.select().from(paymentReminders).where(sql`${paymentReminders.groupId} = ${groupId}`);

const testQueues = {
  echo: defineQueue<{ n: number }>(),
  flaky: defineQueue<{ failures: number }>({ retryLimit: 2 }),
  keyed: defineQueue<{ key: string }>({ policy: 'stately' }),
};

describe.each(testEngines)('the pg-boss job queue on %s', (engine) => {
  let t: TestApp;
  let circle: { groupId: number };
  let jobs: JobQueue<typeof testQueues>;
  const calls: { queue: string; data: unknown; retryCount: number }[] = [];
  const ran = (queue: string) => calls.filter((c) => c.queue === queue);

  beforeAll(async () => {
    t = await createTestApp(engine, { jobs: 'manual', longSessions: true });
    // Requests first: creating the test queues below blocks PGlite's thread, and under-pressure notices.
    circle = await activeCircle(t);
    jobs = await startJobQueue(t.ctx, {
      mode: 'manual',
      queues: testQueues,
      handlers: {
        echo: async (_ctx, job) => {
          calls.push({ queue: 'echo', data: job.data, retryCount: job.retryCount });
          return { doubled: job.data.n * 2 };
        },
        flaky: async (_ctx, job) => {
          calls.push({ queue: 'flaky', data: job.data, retryCount: job.retryCount });
          if (job.retryCount < job.data.failures) throw new Error(`attempt ${job.retryCount + 1} failed`);
        },
        keyed: async (_ctx, job) => {
          calls.push({ queue: 'keyed', data: job.data, retryCount: job.retryCount });
        },
      },
    });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  it('works an enqueued job exactly once and keeps its result', async () => {
    const id = await jobs.enqueue('echo', { n: 21 });
    expect(id).toEqual(expect.any(String));
    expect(await jobs.drain()).toBe(1);
    expect(await jobs.drain()).toBe(0);
    expect(ran('echo')).toEqual([{ queue: 'echo', data: { n: 21 }, retryCount: 0 }]);
    expect(await jobs.getJob('echo', id!)).toMatchObject({ state: 'completed', output: { doubled: 42 } });
  });

  it('retries a failing handler up to its retry limit, then marks the job failed', async () => {
    calls.length = 0;
    const doomed = await jobs.enqueue('flaky', { failures: 99 });
    const once = await jobs.enqueue('flaky', { failures: 99 }, { retryLimit: 1 });
    const recovers = await jobs.enqueue('flaky', { failures: 1 });
    await jobs.drain();
    const attempts = (failures: number) =>
      ran('flaky').filter((c) => (c.data as { failures: number }).failures === failures);
    expect(attempts(99).map((c) => c.retryCount)).toEqual([0, 0, 1, 1, 2]);
    expect(await jobs.getJob('flaky', doomed!)).toMatchObject({
      state: 'failed',
      retryCount: 2,
      output: { message: 'attempt 3 failed' },
    });
    expect(await jobs.getJob('flaky', once!)).toMatchObject({ state: 'failed', retryCount: 1 });
    expect(await jobs.getJob('flaky', recovers!)).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(attempts(1)).toHaveLength(2);
  });

  it('waits out a retry delay and a start-after, unless a test asks for delayed jobs too', async () => {
    calls.length = 0;
    const later = await jobs.enqueue('echo', { n: 1 }, { startAfter: 3600 });
    const retried = await jobs.enqueue('flaky', { failures: 1 }, { retryDelay: 3600 });
    expect(await jobs.drain()).toBe(1); // the flaky job's first attempt
    expect(await jobs.getJob('flaky', retried!)).toMatchObject({ state: 'retry' });
    expect(await jobs.getJob('echo', later!)).toMatchObject({ state: 'created' });
    expect(await jobs.drain({ includeDelayed: true })).toBe(2);
    expect(await jobs.getJob('flaky', retried!)).toMatchObject({ state: 'completed' });
    expect(await jobs.getJob('echo', later!)).toMatchObject({ state: 'completed' });
  });

  it('drops a second job with the same singleton key while the first is queued', async () => {
    calls.length = 0;
    const first = await jobs.enqueue('keyed', { key: 'a' }, { singletonKey: 'debit:1' });
    const again = await jobs.enqueue('keyed', { key: 'a' }, { singletonKey: 'debit:1' });
    const other = await jobs.enqueue('keyed', { key: 'b' }, { singletonKey: 'debit:2' });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
    await jobs.drain();
    expect(
      ran('keyed')
        .map((c) => (c.data as { key: string }).key)
        .sort(),
    ).toEqual(['a', 'b']);
    // Done, the key is free again (a later retry of the same debit may be queued).
    expect(await jobs.enqueue('keyed', { key: 'a' }, { singletonKey: 'debit:1' })).toEqual(
      expect.any(String),
    );
    await jobs.drain();
    await expect(jobs.enqueue('echo', { n: 1 }, { singletonKey: 'x' })).rejects.toThrow(/standard policy/);
  });

  it('leaves a stately job queued, without an error, while another instance runs the one before it', async () => {
    calls.length = 0;
    const running = await jobs.enqueue('keyed', { key: 'elsewhere' });
    // Another server fetched it and is still working on it (or died doing so, until it expires).
    await t.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where id = ${running}`);
    const queued = await jobs.enqueue('keyed', { key: 'next' });
    expect(queued).toEqual(expect.any(String));
    expect(await jobs.drain()).toBe(0);
    expect(await jobs.getJob('keyed', queued!)).toMatchObject({ state: 'created' });
    // The other server finishes: the queued one runs here.
    await t.db.execute(
      sql`update pgboss.job set state = 'completed', completed_on = now() where id = ${running}`,
    );
    expect(await jobs.drain()).toBe(1);
    expect(ran('keyed').map((c) => c.data)).toEqual([{ key: 'next' }]);
  });

  it('creates a job with the transaction that writes its rows, or not at all', async () => {
    calls.length = 0;
    await expect(
      inTransaction(t.db, async (tx) => {
        await jobs.enqueue('echo', { n: 1 }, { db: tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const kept = await inTransaction(t.db, (tx) => jobs.enqueue('echo', { n: 2 }, { db: tx }));
    expect(await jobs.drain()).toBe(1);
    expect(ran('echo').map((c) => c.data)).toEqual([{ n: 2 }]);
    expect(await jobs.getJob('echo', kept!)).toMatchObject({ state: 'completed' });
  });

  it('retries at start-up, on PGlite, a job a stopped server left running', async () => {
    if (engine !== 'pglite') return; // PostgreSQL may have other live instances: their jobs expire instead
    calls.length = 0;
    const id = await jobs.enqueue('flaky', { failures: 0 });
    // As if a server had fetched it and then died.
    await t.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where id = ${id}`);
    const restarted = await startJobQueue(t.ctx, {
      mode: 'background',
      queues: testQueues,
      handlers: {
        echo: async () => null,
        keyed: async () => null,
        flaky: async (_ctx, job) =>
          void calls.push({ queue: 'flaky', data: job.data, retryCount: job.retryCount }),
      },
      pollingIntervalSeconds: 0.5,
    });
    const deadline = Date.now() + 45_000;
    while (ran('flaky').length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await restarted.stop();
    expect(ran('flaky')).toEqual([{ queue: 'flaky', data: { failures: 0 }, retryCount: 1 }]);
  }, 90_000);

  it('runs due work through the due-work queue with the app clock', async () => {
    t.clock.advance(7 * DAY + 3_600_000); // three days before the first due date
    const id = await enqueue(t.db, 'due-work', {});
    expect(await enqueue(t.db, 'due-work', {})).toBeNull(); // stately: one queued at a time
    expect(await t.jobs!.drain()).toBe(1);
    expect(await remindersOf(t, circle.groupId)).toHaveLength(3);
    expect(await t.jobs!.getJob('due-work', id!)).toMatchObject({
      state: 'completed',
      output: { reminders: 3, payouts: 0, withdrawals: 0 },
    });
  });
});

describe.each(testEngines)('background jobs on %s', (engine) => {
  it('fires the due-work schedule by itself, and stop() lets go of every timer and connection', async () => {
    const activeTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
    const before = { timers: activeTimers(), sockets: sockets() };

    const t = await createTestApp(engine, { longSessions: true });
    const { groupId } = await activeCircle(t);
    t.clock.advance(7 * DAY + 3_600_000);

    const errors: unknown[] = [];
    // The app's queues and schedules, without the start-up kick: only the cron can run due work.
    const jobs = await startJobQueue(t.ctx, {
      mode: 'background',
      queues: appQueues,
      handlers: appHandlers,
      schedules: appSchedules(engine),
      pollingIntervalSeconds: 0.5,
      // Quick cron, and maintenance (pg-boss's BEGIN…COMMIT scripts) every second while we wait.
      bossOptions: {
        cronMonitorIntervalSeconds: 1,
        cronWorkerIntervalSeconds: 1,
        maintenanceIntervalSeconds: 1,
      },
      log: {
        debug() {},
        info() {},
        warn() {},
        error: (...args: unknown[]) => errors.push(args),
      } as unknown as JobLog,
    });
    const deadline = Date.now() + 45_000;
    while ((await remindersOf(t, groupId)).length < 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await remindersOf(t, groupId)).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 1500)); // a maintenance round
    expect(errors).toEqual([]);
    const version = (await t.db.execute(sql`select maintained_on from pgboss.version`)) as unknown as {
      rows: { maintained_on: unknown }[];
    };
    expect(version.rows[0]?.maintained_on).not.toBeNull();
    const schedules = (await t.db.execute(sql`select name from pgboss.schedule`)) as unknown as {
      rows: { name: string }[];
    };
    expect(schedules.rows.map((r) => r.name)).toContain('due-work');

    await jobs.stop();
    await t.close();
    // pg-boss lets one last internal worker wind down within a second.
    const settle = Date.now() + 3_000;
    while ((activeTimers() > before.timers || sockets() > before.sockets) && Date.now() < settle) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(activeTimers()).toBeLessThanOrEqual(before.timers);
    expect(sockets()).toBeLessThanOrEqual(before.sockets);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('instances starting together on PostgreSQL', () => {
  it('each sets up the job queues on a fresh database, none fails', async () => {
    // Several rounds: the collision depends on timing, and a fresh database each time.
    for (let round = 0; round < 2; round++) {
      const fresh = await createTestDatabase('postgres');
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.databaseUrl!, poolSize: 5 })),
      );
      const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
      try {
        const started = await Promise.allSettled(
          instances.map((database) =>
            startJobQueue(
              { config, database, clock: new TestClock(), stopwatch: new TestClock() },
              { mode: 'manual', queues: appQueues, handlers: appHandlers },
            ),
          ),
        );
        const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
        await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : null)));
        expect(failures, `round ${round + 1}`).toEqual([]);
      } finally {
        await Promise.all(instances.map((database) => database.close()));
        await fresh.drop();
      }
    }
  }, 120_000);
});
