import { PGlite } from '@electric-sql/pglite';
import { is, Placeholder } from 'drizzle-orm';
import type { Db } from './client.ts';
import { executeNamed } from './pglite-prepared.ts';

type Params = Record<string, number | string>;

/** A select whose only column, `data`, is one JSON value (json_build_object of everything wanted). */
type JsonSelect<T> = {
  prepare(name: string): { execute(params: Params): Promise<{ data: T }[]> };
  toSQL(): { sql: string; params: unknown[] };
};

/**
 * A read that answers one JSON value, planned once per connection rather than on every call.
 * PostgreSQL: a named prepared statement (drizzle's `.prepare`), so the query stays visible to
 * drizzle's logger. PGlite plans every extended-protocol query afresh (a large statement costs
 * milliseconds of WASM there), so the statement is PREPAREd once in its single session and run
 * with EXECUTE (pglite-prepared.ts).
 * Returns undefined when the select has no row.
 */
export function jsonStatement<P extends Params, T>(name: string, build: (db: Db) => JsonSelect<T>) {
  const compiled = new WeakMap<Db, (params: P) => Promise<T | undefined>>();
  return (db: Db, params: P): Promise<T | undefined> => {
    let run = compiled.get(db);
    if (!run) {
      run = compile(name, db, build(db));
      compiled.set(db, run);
    }
    return run(params);
  };
}

function compile<P extends Params, T>(name: string, db: Db, query: JsonSelect<T>) {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    const prepared = query.prepare(name);
    return async (params: P) => (await prepared.execute(params))[0]?.data;
  }
  const { sql: text, params: template } = query.toSQL();
  return async (params: P) => {
    const values = template.map((p) => (is(p, Placeholder) ? params[(p as Placeholder).name] : p));
    const result = await executeNamed(client, client, name, text, values, { rowMode: 'array' });
    return (result.rows[0] as [T] | undefined)?.[0];
  };
}
