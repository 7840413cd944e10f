import PgBoss from 'pg-boss';
import type { Db } from '#server/db/client.ts';
import { postgresError } from '#server/db/transaction.ts';
import { type AppQueues, appQueues } from './app-queues.ts';
import { bossDbOn } from './boss-db.ts';
import type { EnqueueOptions, PayloadOf, QueueMap } from './job-types.ts';

// Only its send() is used, always with a per-call `db`: it never opens a connection of its own.
const sender = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('pg-boss sender has no database')),
  },
});

/**
 * Creates a job on a queue of `queues`; null when the queue's policy dropped it as a duplicate.
 * Needs pg-boss's schema, which starting a job queue installs (main.ts; tests: `jobs` option).
 */
export async function sendJob(
  db: Db,
  queues: QueueMap,
  name: string,
  data: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const queue = queues[name];
  if (!queue) throw new Error(`Unknown job queue "${name}"`);
  if (options.singletonKey !== undefined && (queue.policy ?? 'standard') === 'standard') {
    throw new Error(
      `Queue "${name}" has the standard policy, under which a singletonKey de-duplicates nothing`,
    );
  }
  const { startAfter, singletonKey, retryLimit, retryDelay, retryBackoff } = options;
  // pg-boss rejects an option that is present but undefined.
  const chosen = Object.entries({ startAfter, singletonKey, retryLimit, retryDelay, retryBackoff }).filter(
    ([, value]) => value !== undefined,
  );
  try {
    return await sender.send(name, data, { ...Object.fromEntries(chosen), db: bossDbOn(db) });
  } catch (error) {
    if (postgresError(error)?.code === '42P01') {
      throw new Error('pg-boss is not installed in this database: start the job queue first', {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Queues background work. Pass the transaction that writes the rows the job is about, and the
 * job exists exactly when they do (rolled back together, retried together by inTransaction).
 * On PGlite, pass that transaction rather than the top-level db while one is open: the embedded
 * database has one connection, and a statement outside the open transaction waits for it to end.
 */
export function enqueue<N extends keyof AppQueues & string>(
  db: Db,
  name: N,
  data: PayloadOf<AppQueues[N]>,
  options?: EnqueueOptions,
): Promise<string | null> {
  return sendJob(db, appQueues, name, data, options);
}

/**
 * Puts a failed job back in its queue with one more attempt (pg-boss's retry), on `db`'s connection
 * (pass the transaction that audits it). False when no failed job has this id in this queue.
 */
export async function retryFailedJob(db: Db, name: string, id: string): Promise<boolean> {
  // pg-boss's type says void; it answers how many jobs it changed.
  const result = (await sender.retry(name, id, { db: bossDbOn(db) })) as unknown as { affected: number };
  return result.affected > 0;
}
