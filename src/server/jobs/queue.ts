import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/client.ts';
import { safeError } from '#server/logging/safe-error.ts';
import { bossDbFor, takingTurnsToSetUpQueues } from './boss-db.ts';
import { sendJob } from './enqueue.ts';
import type { EnqueueOptions, HandlerMap, JobSchedule, PayloadOf, QueueMap } from './job-types.ts';

export type JobLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export type JobQueueOptions<Q extends QueueMap> = {
  queues: Q;
  handlers: HandlerMap<Q>;
  /** Cron schedules, fired by pg-boss (once per minute across all instances) in background mode. */
  schedules?: JobSchedule<Q>[];
  /**
   * background: every queue is polled and schedules fire (the server).
   * manual: nothing runs by itself; drain() runs what is queued (tests).
   */
  mode: 'background' | 'manual';
  log?: JobLog;
  /** How long an idle queue waits before looking again, in seconds (background mode). */
  pollingIntervalSeconds?: number;
  /** Passed to pg-boss as they are; tests shorten the cron intervals with it. */
  bossOptions?: Partial<PgBoss.ConstructorOptions>;
};

export type DrainOptions<Q extends QueueMap> = {
  /** Only these queues (default: all). */
  only?: (keyof Q & string)[];
  /** Also run jobs whose startAfter (or retry delay) has not come yet. */
  includeDelayed?: boolean;
  /** Guard against a handler that keeps queueing work for itself. */
  maxJobs?: number;
};

export type JobState = {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  output: unknown;
};

export type JobQueue<Q extends QueueMap> = {
  /** As enqueue() in enqueue.ts, on this queue set; `db` (a transaction) defaults to the app's db. */
  enqueue<N extends keyof Q & string>(
    name: N,
    data: PayloadOf<Q[N]>,
    options?: EnqueueOptions & { db?: Db },
  ): Promise<string | null>;
  /** Runs queued jobs now, in this process, until none is left; returns how many ran. */
  drain(options?: DrainOptions<Q>): Promise<number>;
  getJob(name: keyof Q & string, id: string): Promise<JobState | null>;
  /** Stops polling and cron, waits for running handlers, then lets go of the database. */
  stop(): Promise<void>;
};

/**
 * The embedded database has one owner, this process: a job still active at start-up was being run by
 * a process that died. Failing it retries it now (if it has attempts left) instead of after its expiry.
 * (On PostgreSQL other live instances may own active jobs; expiry frees a dead one's.)
 */
async function failOrphans(boss: PgBoss, bossDb: { executeSql: PgBoss.Db['executeSql'] }, log: JobLog) {
  const result = await bossDb.executeSql("select id, name from pgboss.job where state = 'active'", []);
  const orphans = (result?.rows ?? []) as { id: string; name: string }[];
  for (const job of orphans)
    await boss.fail(job.name, job.id, { message: 'the server stopped while running it' });
  if (orphans.length > 0) log.warn({ count: orphans.length }, 'retrying jobs a stopped server left running');
}

const definedOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} } as unknown as JobLog;

/** A result worth a line in the log: some count that is not zero (a quiet minute stays quiet). */
const didSomething = (output: unknown) =>
  typeof output === 'object' && output !== null && Object.values(output).some((v) => v !== 0 && v != null);

/**
 * Starts pg-boss on the app's database (see boss-db.ts for how PGlite is shared) and creates the
 * queues. Jobs are fetched, handled and completed by this module's own loop rather than
 * pg-boss's work(): the same code then serves background polling and a test's drain(), and stop()
 * can wait for a handler that is still running before the database closes.
 */
export async function startJobQueue<Q extends QueueMap>(
  ctx: AppContext,
  options: JobQueueOptions<Q>,
): Promise<JobQueue<Q>> {
  const { queues, handlers, mode, log = silent } = options;
  const background = mode === 'background';
  const schedules = background ? (options.schedules ?? []) : [];
  const names = Object.keys(queues) as (keyof Q & string)[];
  const bossDb = bossDbFor(ctx.database);
  const boss = new PgBoss({
    db: bossDb as PgBoss.Db,
    // Cron needs the timekeeper; maintenance (expire, archive, delete) is for long-lived servers.
    schedule: schedules.length > 0,
    supervise: background,
    // Often enough that a job a dead server left active expires soon after its expireInSeconds.
    maintenanceIntervalSeconds: 30,
    ...options.bossOptions,
  });
  let stopping = false;
  boss.on('error', (err) => {
    if (!stopping) log.error({ err: safeError(err) }, 'job queue error');
  });
  await boss.start();

  if (background && ctx.database.engine === 'pglite') await failOrphans(boss, bossDb as PgBoss.Db, log);
  await takingTurnsToSetUpQueues(ctx.database, async () => {
    for (const name of names) {
      // pg-boss rejects a setting that is present but undefined.
      const settings = definedOnly({ name, ...queues[name]! });
      // createQueue keeps an existing queue as it is; updateQueue brings its settings up to date.
      await boss.createQueue(name, settings);
      await boss.updateQueue(name, settings);
    }
    if (background) {
      const wanted = new Set<string>(schedules.map((s) => s.name));
      for (const old of await boss.getSchedules()) if (!wanted.has(old.name)) await boss.unschedule(old.name);
      for (const s of schedules) await boss.schedule(s.name, s.cron);
    }
  });

  /** Fetches one batch of a queue and handles it; returns how many jobs it had. */
  async function runBatch(name: keyof Q & string, includeDelayed: boolean): Promise<number> {
    const jobs = await boss.fetch<object>(name, {
      batchSize: 5,
      includeMetadata: true,
      ignoreStartAfter: includeDelayed,
    });
    for (const job of jobs) {
      const handler = handlers[name];
      const info = {
        id: job.id,
        name,
        data: job.data as PayloadOf<Q[typeof name]>,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
      };
      let output: unknown;
      try {
        output = await handler(ctx, info);
      } catch (err) {
        // pg-boss would store every property of the error in the job's row, a database error's
        // statement values included; the safe copy is what the log and the row get.
        const safe = safeError(err);
        log.warn({ err: safe, job: { name, id: job.id, retryCount: job.retryCount } }, 'job attempt failed');
        await boss.fail(name, job.id, safe);
        continue;
      }
      await boss.complete(name, job.id, (output ?? undefined) as object | undefined);
      log[didSomething(output) ? 'info' : 'debug']({ job: { name, id: job.id }, output }, 'job done');
    }
    return jobs.length;
  }

  const wake = new AbortController();
  const pollMs = Math.max(500, (options.pollingIntervalSeconds ?? 2) * 1000);
  async function poll(name: keyof Q & string) {
    while (!stopping) {
      let ran = 0;
      try {
        ran = await runBatch(name, false);
      } catch (err) {
        if (!stopping) log.error({ err: safeError(err), queue: name }, 'job queue poll failed');
      }
      if (ran === 0 && !stopping) await sleep(pollMs, undefined, { signal: wake.signal }).catch(() => {});
    }
  }
  const loops = background ? names.map(poll) : [];

  return {
    enqueue: (name, data, { db = ctx.database.db, ...rest } = {}) => sendJob(db, queues, name, data, rest),

    async drain({ only = names, includeDelayed = false, maxJobs = 1000 } = {}) {
      let total = 0;
      for (;;) {
        let round = 0;
        for (const name of only) round += await runBatch(name, includeDelayed);
        total += round;
        if (round === 0) return total;
        if (total > maxJobs) throw new Error(`drain ran more than ${maxJobs} jobs; does a job queue itself?`);
      }
    },

    async getJob(name, id) {
      const job = await boss.getJobById<object>(name, id, { includeArchive: true });
      return job && { state: job.state, retryCount: job.retryCount, output: job.output };
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      wake.abort();
      await Promise.allSettled(loops);
      // Our handlers are done; this stops cron and maintenance timers.
      await boss.stop({ graceful: false, close: false });
      await bossDb.close();
    },
  };
}
