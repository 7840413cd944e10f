import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type ListenHandlers, listenPostgres, type Unlisten } from './listen.ts';
import { dropRowArrayParsers } from './pglite-parsers.ts';
import { takeTurns } from './pglite-turns.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Engine = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  engine: Engine;
  /** Runs raw SQL; used by migrations and health checks. */
  ping(): Promise<void>;
  /**
   * Hears NOTIFYs on a channel (sent on commit): on PostgreSQL from every process, on a connection
   * of its own that reconnects when lost; on PGlite from this process.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /** The PostgreSQL pool's connections now (for /metrics); PGlite has one in-process connection and none. */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** postgres://… selects PostgreSQL; otherwise the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite folder, or 'memory://' for a throwaway database. */
  dataDir?: string;
  poolSize?: number;
  /** More PGlite settings: the tests start each database from a migrated copy (test/test-app.ts). */
  pglite?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;
};

/**
 * PostgreSQL's default 128 MB of shared buffers, held inside PGlite's WebAssembly memory, was a third of
 * the server's resident memory. The data files stay in the operating system's cache, so a smaller pool
 * costs a copy on a miss, not a disk read (issue 18's figures: bench/, docs/capacity.md).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? 20;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
    // An idle client that loses its server emits 'error'; without a listener Node would crash.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, handlers) => listenPostgres(options.databaseUrl as string, channel, handlers),
      poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const pglite = await PGlite.create({
    dataDir: options.dataDir ?? 'memory://',
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...options.pglite,
  });
  await dropRowArrayParsers(pglite);
  const client = takeTurns(pglite);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onPayload);
      return async () => {
        // Closing the database drops its listeners too; unlistening after that would throw.
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}
