import { PGlite } from '@electric-sql/pglite';
import { is, Placeholder } from 'drizzle-orm';
import type { Db } from './client.ts';

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
 * with EXECUTE, the parameters written as literals (numbers, or quoted strings).
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
    await preparedOn(client, name, text);
    const args = template.map((p) => literal(is(p, Placeholder) ? params[(p as Placeholder).name] : p));
    const [result] = await client.exec(`execute ${name}${args.length ? `(${args.join(', ')})` : ''}`, {
      rowMode: 'array',
    });
    return (result?.rows[0] as [T] | undefined)?.[0];
  };
}

// Prepared statements belong to the PGlite session, which several drizzle instances may share.
const preparedStatements = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

function preparedOn(client: PGlite, name: string, text: string) {
  let statements = preparedStatements.get(client);
  if (!statements) {
    statements = new Map();
    preparedStatements.set(client, statements);
  }
  let ready = statements.get(name);
  if (!ready) {
    ready = client.exec(`prepare ${name} as ${text}`).catch((error: unknown) => {
      statements.delete(name);
      throw error;
    });
    statements.set(name, ready);
  }
  return ready;
}

/** A parameter as SQL text: only safe integers and strings (quotes doubled, as quote_literal does). */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  throw new TypeError(`jsonStatement: unsupported parameter ${String(value)}`);
}
