import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database, Db } from '#server/db/client.ts';
import { driverClientOf } from '#server/db/statement.ts';

type Rows = { rows: unknown[] };

/** What pg-boss needs from a database: its `db` option. */
export type BossDb = { executeSql(text: string, values?: unknown[]): Promise<Rows> };

/** pg-boss passes undefined for options nobody set; node-postgres sends null for those, PGlite wants it said. */
const params = (values: unknown[]) => values.map((value) => (value === undefined ? null : value));

/**
 * pg-boss's SQL on whatever connection a Drizzle handle (the app's db or a transaction) runs on,
 * so a job can be created in the same transaction as the rows it is about. Rewriting the SQL into Drizzle's sql`` would renumber pg-boss's
 * repeated $n placeholders into separately typed parameters, which breaks its CASE expressions.
 */
export function bossDbOn(db: Db): BossDb {
  const client = driverClientOf(db);
  return { executeSql: (text, values = []) => client.query(text, params(values)) };
}

/**
 * pg-boss's own traffic (schema, polling, maintenance, cron), with a gate that stop() closes.
 * (pg-boss's type says executeSql always yields rows; its own pool yields undefined once closed,
 * and its code allows for that.)
 */
export type GatedBossDb = {
  executeSql(text: string, values?: unknown[]): Promise<Rows | undefined>;
  close(): Promise<void>;
};

/**
 * Runs pg-boss on the app's own database: the PGlite instance or the PostgreSQL pool.
 *
 * Parameterised statements go through query(). Statements without values may be several at once
 * (schema creation, migrations and maintenance are sent as `BEGIN; …; COMMIT;` scripts), which
 * needs the simple-query protocol: PGlite's exec(), or a pool client. A script that fails half-way
 * leaves its connection inside an aborted transaction, so it is rolled back on the same connection
 * before anyone else can use it: on PGlite by running it inside transaction() (which rolls back on
 * error and holds the instance's transaction lock, so no app statement lands in between), on
 * PostgreSQL with an explicit ROLLBACK before the client goes back to the pool.
 *
 * PGlite's query(), exec() and transaction() all wait for any open transaction, so pg-boss's
 * statements never run inside an app transaction and never split one.
 *
 * After close() it answers undefined without touching the database, as pg-boss's own closed pool
 * does, so a statement pg-boss issues late in its shutdown cannot reach a closed database.
 */
export function bossDbFor(database: Database): GatedBossDb {
  const run = database.engine === 'pglite' ? pgliteRunner(database) : postgresRunner(database);
  let closed = false;
  const inFlight = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      if (closed) return Promise.resolve(undefined);
      const pending = run(text, values);
      inFlight.add(pending);
      const forget = () => inFlight.delete(pending);
      pending.then(forget, forget);
      return pending;
    },
    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

type Runner = (text: string, values?: unknown[]) => Promise<Rows>;

function pgliteRunner(database: Database): Runner {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return async (text, values) => {
    if (values?.length) return client.query(text, params(values));
    // exec returns one result per statement; pg-boss reads rows only from single statements.
    const results = /^\s*BEGIN\b/i.test(text)
      ? await client.transaction((tx) => tx.exec(text))
      : await client.exec(text);
    return results.at(-1) ?? { rows: [] };
  };
}

function postgresRunner(database: Database): Runner {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return async (text, values) => {
    if (values?.length) return pool.query(text, params(values));
    const client = await pool.connect();
    try {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
}

// Any fixed number other than the migrations' (db/migrate.ts).
const QUEUE_SET_UP_LOCK = 7_240_002;

/**
 * Runs `setUp` (creating, updating and scheduling the queues) while holding a PostgreSQL advisory
 * lock, so instances starting together take turns: pg-boss 10's create_queue takes no lock of its
 * own, and two instances creating the queues of a fresh database at once deadlock, which stops one
 * of them. The lock is held by a connection of its own and goes with it if the process dies.
 * PGlite belongs to one process: nothing to take turns with.
 */
export async function takingTurnsToSetUpQueues<T>(database: Database, setUp: () => Promise<T>): Promise<T> {
  if (database.engine === 'pglite') return setUp();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SET_UP_LOCK]);
    return await setUp();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUE_SET_UP_LOCK]).catch(() => {});
    client.release();
  }
}
