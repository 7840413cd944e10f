import type { Db } from './client.ts';
import { prepared } from './prepared.ts';

type Params = Record<string, number | string>;

/** A select whose only column, `data`, is one JSON value (json_build_object of everything wanted). */
type JsonSelect<T> = {
  prepare(name: string): { execute(params: Params): Promise<{ data: T }[]> };
};

/**
 * A read that answers one JSON value, planned once per connection rather than on every call: a
 * statement of `prepared()`, which runs it by name on both engines (on PGlite by PREPARE and EXECUTE,
 * pglite-prepared.ts). Returns undefined when the select has no row.
 */
export function jsonStatement<P extends Params, T>(name: string, build: (db: Db) => JsonSelect<T>) {
  const run = prepared<P, { data: T }[]>(name, build);
  return async (db: Db, params: P): Promise<T | undefined> => (await run(db, params))[0]?.data;
}
