import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/** Tables the planner has no statistics for (PostgreSQL marks them with reltuples = -1). */
async function neverAnalyzed(database: Database): Promise<string[]> {
  const result = await database.db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and c.reltuples < 0 and n.nspname not in ('pg_catalog', 'information_schema')`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
}

describe('migrating the embedded database', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it('leaves no table without planner statistics, and gathers them for a table added later', async () => {
    database = await openDatabase({});
    await migrateDatabase(database);
    expect(await neverAnalyzed(database)).toEqual([]);

    // What a new migration does: a table that has never been analysed.
    await database.db.execute(sql`create table added_later (id integer)`);
    expect(await neverAnalyzed(database)).toEqual(['added_later']);
    await migrateDatabase(database);
    expect(await neverAnalyzed(database)).toEqual([]);
  });
});
