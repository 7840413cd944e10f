import type { SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** One JSON value from a statement that selects it as `data`: both drivers parse json columns. */
export async function jsonValue<T>(db: Db, query: SQL): Promise<T> {
  // Both drivers (pg and PGlite) answer execute() with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: { data: T }[] };
  const row = result.rows[0];
  if (!row) throw new Error('analytics: the statement returned no row');
  return row.data;
}
