import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Window } from './windows.ts';

/** The rows of a raw aggregate query (both engines reply with `rows`). */
export async function rows<Row = Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** A count or a sum of cents as a number (PostgreSQL sends bigint as text). */
export const num = (value: unknown) => Number(value ?? 0);

/** `column` lies within the window. */
export const within = (column: SQL, window: Window) =>
  sql`(${column} >= ${window.from.toISOString()}::timestamptz and ${column} < ${window.to.toISOString()}::timestamptz)`;
