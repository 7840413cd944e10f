import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite copies its table of result parsers into a new object on every query that brings parsers of
 * its own, and drizzle brings some on every query. At start that table holds a parser for the array
 * of every type in the database, tables' and catalog views' row types included: 318 entries for
 * SaveCircle's schema, and copying them cost about a third of a small query's time (issue 18). No
 * statement reads an array of rows, so those parsers go; arrays of every scalar type still parse as
 * before. PGlite fills the table once, when it opens (or on refreshArrayTypes, which we never call).
 */
export async function dropRowArrayParsers(client: PGlite) {
  const { rows } = await client.query<{ typarray: number }>(
    "select typarray::int as typarray from pg_type where typtype = 'c' and typarray <> 0",
  );
  const rowArrays = new Set(rows.map((row) => String(row.typarray)));
  // A new object rather than deletions: V8 keeps a table that lost entries in its slower form.
  client.parsers = Object.fromEntries(Object.entries(client.parsers).filter(([oid]) => !rowArrays.has(oid)));
}
