import { getTableColumns, type InferSelectModel, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A table row that came back inside a JSON value (`row_to_json(t)`, snake_case keys) turned into
 * what a plain select of the table gives: camelCase keys and each column's own mapping (a
 * timestamp becomes a Date, a bigint a number), so one statement can return rows of several tables.
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** A timestamptz as `Date.prototype.toISOString()` writes it (milliseconds truncated, as a Date would). */
export function isoInstant(column: SQL | SQL.Aliased | unknown): SQL<string | null> {
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
