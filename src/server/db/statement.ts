import type { Db } from './client.ts';
import { executeNamed, type PgliteHandle, pgliteDatabaseOf } from './pglite-prepared.ts';

type QueryConfig = { name: string; text: string; values: unknown[] };
type Rows = { rows: unknown[] };
/** What the driver behind a Drizzle handle answers to: a pg Pool or PoolClient, a PGlite or its transaction. */
export type DriverClient = {
  query(text: string | QueryConfig, values?: unknown[]): Promise<Rows>;
};

/**
 * The driver client a Drizzle handle (the app's db or a transaction) runs on. Drizzle does not
 * expose it publicly; its session holds it.
 */
export function driverClientOf(db: Db): DriverClient {
  const client = (db as unknown as { session?: { client?: Partial<DriverClient> } }).session?.client;
  if (typeof client?.query !== 'function') throw new Error('No driver client behind this Drizzle handle');
  return client as DriverClient;
}

/**
 * A statement of a hot path (issue 18), written as SQL once and run on the handle's own connection,
 * inside its transaction if it is one. Drizzle builds a query anew on every call, which measured
 * 300–450 µs of CPU per statement here, more than the round trip; this costs what the driver does.
 * The statement is named, so each connection parses and plans it once (on PGlite by PREPARE and
 * EXECUTE: pglite-prepared.ts). Column aliases in the SQL give the rows their field names; `pg`
 * sends bigint as text, so callers map numbers.
 */
export function statement<Row, Values extends unknown[]>(name: string, text: string) {
  const run = (db: Db, ...values: Values): Promise<Row[]> => runStatement<Row>(db, { name, text, values });
  /** The statement with its values, to run later or together with others (writeTogether). */
  run.with = (...values: Values): BoundStatement => ({ name, text, values });
  return run;
}

/** A statement of `statement()` and the values to run it with. */
export type BoundStatement = { name: string; text: string; values: unknown[] };

async function runStatement<Row>(db: Db, { name, text, values }: BoundStatement): Promise<Row[]> {
  const client = driverClientOf(db);
  const pglite = pgliteDatabaseOf(client);
  const { rows } = await (pglite
    ? executeNamed(client as PgliteHandle, pglite, name, text, values)
    : client.query({ name, text, values }));
  return rows as Row[];
}

/**
 * Independent writes in one round trip: each but the last becomes a data-modifying WITH query of one
 * statement, its parameters renumbered after the ones before. PostgreSQL runs every part to completion,
 * on one snapshot (so no part may need another's rows), and fires their triggers as usual. Named after
 * its parts, so each combination is parsed and planned once per connection, like its parts alone.
 */
export async function writeTogether(db: Db, writes: BoundStatement[]): Promise<void> {
  if (writes.length === 0) return;
  let offset = 0;
  const parts = writes.map((write) => {
    const shifted = write.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    offset += write.values.length;
    return shifted;
  });
  const last = parts.pop()!;
  const name = writes.map((write) => write.name).join('+');
  // PostgreSQL would cut a longer name, and two combinations could then share one.
  if (name.length > 63) throw new Error(`writeTogether: the name ${name} is longer than PostgreSQL keeps`);
  await runStatement(db, {
    name,
    text: parts.length ? `with ${parts.map((part, i) => `w${i} as (${part})`).join(', ')} ${last}` : last,
    values: writes.flatMap((write) => write.values),
  });
}
