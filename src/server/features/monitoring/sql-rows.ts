import type { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

export type Row = Record<string, unknown>;

/** Rows of a raw statement: both drivers (pg and PGlite) answer { rows }, Drizzle's type does not say so. */
export const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** Counts and sums come back as strings from pg (bigint, numeric) and as numbers from PGlite. */
export const num = (value: unknown) => Number(value ?? 0);

export const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

export const iso = (value: unknown) => (value ? new Date(value as string | Date).toISOString() : null);
