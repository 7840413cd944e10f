import type { QueryOptions } from '@electric-sql/pglite';
import type { Db } from './client.ts';
import { executeNamed, type PgliteHandle, pgliteDatabaseOf } from './pglite-prepared.ts';

type Params = Record<string, unknown>;

/** What drizzle's `.prepare(name)` answers: the statement's text, parameters and result mapping. */
type PreparedQuery<R> = { execute(params?: Params): Promise<R> };

/** What a drizzle session and its prepared queries hold of the handle they run on. */
type Handle = { client: unknown; logger: unknown };

/**
 * A statement whose SQL drizzle builds once, then runs by name on whichever handle it is given: the
 * database, or a transaction's connection. Building a statement costs more server CPU than its round
 * trip (about a third of a contribution confirmation's, issue 18), and drizzle's own `.prepare` is
 * bound to the handle it was made on, so it cannot serve the next transaction. The database also parses
 * and plans it once per connection (PGlite: below). Parameters are `sql.placeholder`s, filled by
 * `execute`.
 */
export function prepared<P extends Params, R>(
  name: string,
  build: (db: Db) => { prepare(name: string): PreparedQuery<R> },
) {
  // One template per driver (node-postgres or PGlite; tests run both in one process).
  const templates = new Map<unknown, PreparedQuery<R> & Handle>();
  return (db: Db, params: P): Promise<R> => {
    // drizzle's session holds the handle's client (the pool, PGlite, or the transaction's connection)
    // and its logger.
    const { session } = db as unknown as { session: Handle & { constructor: unknown } };
    let template = templates.get(session.constructor);
    if (!template) {
      template = build(db).prepare(name) as PreparedQuery<R> & Handle;
      templates.set(session.constructor, template);
    }
    // Run on this handle's client, logged by its logger. drizzle's execute reads both before its first
    // await, so no other call can swap them in between (the test runs two transactions at once to hold
    // it to that). One object per driver, not a copy per call: every drizzle query keeps one shape for
    // the JIT.
    template.client = namedOnPglite(session.client, name) ?? session.client;
    template.logger = session.logger;
    return template.execute(params);
  };
}

/**
 * On PGlite, a client that runs drizzle's statement by name (pglite-prepared.ts): PGlite itself would
 * parse and plan it on every call. PostgreSQL's connections keep drizzle's named statements already.
 */
function namedOnPglite(client: unknown, name: string) {
  const database = pgliteDatabaseOf(client);
  if (!database) return undefined;
  return {
    query: (text: string, values: unknown[], options?: QueryOptions) =>
      executeNamed(client as PgliteHandle, database, name, text, values, options),
  };
}
