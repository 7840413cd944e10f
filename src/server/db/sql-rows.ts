import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rows of a raw statement: both drivers (pg and PGlite) answer { rows }; Drizzle's type does not say so. */
export async function rowsOf<Row = Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** A count, a sum or a bigint as a number: pg sends bigint and numeric as text, PGlite as numbers. */
export const num = (value: unknown) => Number(value ?? 0);
