import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { findAppRoot } from '../app-root.ts';
import type { Database } from './client.ts';

// Beside package.json, whether this runs from src/ or from the dist/server bundle.
const migrationsFolder = path.join(findAppRoot(), 'drizzle');
// Any fixed number: server instances starting together take turns to migrate.
const MIGRATION_LOCK = 7_240_001;

export async function migrateDatabase(database: Database, databaseUrl?: string): Promise<void> {
  if (database.engine === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await analyzeNeverAnalyzed(database);
    return;
  }
  // A session-level advisory lock needs one connection held throughout, so not the pool.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/**
 * PGlite runs single-user PostgreSQL: no autovacuum launcher, so statistics are never gathered and
 * the planner seq-scans tables it thinks are empty. Gather them at start and from the worker.
 */
export async function analyzeEmbedded(database: Database): Promise<void> {
  if (database.engine === 'pglite') await database.db.execute(sql`analyze`);
}

/**
 * At start, only the tables that have no statistics yet (new ones, or a new database): the statistics
 * of the others were kept with the data, and a full ANALYZE made every restart ~0.45 s slower. The
 * hourly `analyze-embedded` job keeps them all up to date.
 */
async function analyzeNeverAnalyzed(database: Database): Promise<void> {
  const result = await database.db.execute(sql`
    select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and c.reltuples < 0
      and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`);
  const { rows } = result as unknown as { rows: { name: string }[] };
  if (rows.length > 0) await database.db.execute(sql.raw(`analyze ${rows.map((r) => r.name).join(', ')}`));
}
