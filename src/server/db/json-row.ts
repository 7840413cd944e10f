import { getTableColumns, type InferSelectModel, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * A table row that came back inside a JSON value (`row_to_json(t)`, snake_case keys) turned into
 * what a plain select of the table gives: camelCase keys and each column's own mapping (a
 * timestamp becomes a Date, a bigint a number), so one statement can return rows of several tables.
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsOf.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

const columnsOf = new WeakMap<PgTable, [string, PgColumn][]>();

/** A timestamptz as `Date.prototype.toISOString()` writes it (milliseconds truncated, as a Date would). */
export function isoInstant(column: SQLWrapper): SQL<string | null> {
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** `json_build_object('key', value, …)` of SQL parts whose keys are our own identifiers. */
export function jsonObject<T>(fields: Record<string, SQL>): SQL<T> {
  const pairs = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  return sql<T>`json_build_object(${sql.join(pairs, sql`, `)})`;
}
