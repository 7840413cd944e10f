import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Named statements on PGlite (issue 18). PGlite's `query(text, values)` parses and plans the statement
 * afresh on every call, which costs more than running it: 550–1,300 µs against 210–460 µs for the same
 * select by `EXECUTE` of a statement PREPAREd once, in a loop measured side by side. PGlite has one
 * session, so a statement is PREPAREd once per database, by whichever handle first runs it.
 * PostgreSQL keeps prepared statements when the transaction that made them rolls back (decision 0058).
 */

/** The database, or one of its transactions. */
export type PgliteHandle = PGlite | Transaction;

/** A PREPARE under way: who runs it (the database, or one transaction), and when it ends. */
type Preparing = { by: PgliteHandle; done: Promise<unknown> };

const prepared = new WeakMap<PGlite, Map<string, true | Preparing>>();
const transactionsDatabase = new WeakMap<Transaction, PGlite>();

/** Called for each transaction handle PGlite gives out (pglite-turns.ts): its statements are named too. */
export function rememberTransaction(tx: Transaction, database: PGlite) {
  transactionsDatabase.set(tx, database);
}

/** The PGlite database behind a driver handle, or undefined for anything else (a pg pool, say). */
export function pgliteDatabaseOf(handle: unknown): PGlite | undefined {
  if (handle instanceof PGlite) return handle;
  return transactionsDatabase.get(handle as Transaction);
}

/**
 * Runs `text` as the statement `name` on the handle (inside its transaction if it is one), PREPAREd on
 * first use. The values are written into the EXECUTE as literals, which PostgreSQL coerces to the
 * statement's parameter types as it would the same values sent apart.
 */
export async function executeNamed(
  handle: PgliteHandle,
  database: PGlite,
  name: string,
  text: string,
  values: readonly unknown[],
  options?: QueryOptions,
): Promise<Results> {
  const args = values.map(literal);
  // A value with no literal form (an array, bytes) goes the driver's way, which can send it.
  if (args.includes(undefined)) return handle.query(text, values as unknown[], options);
  // In a transaction, a PREPARE begun outside it cannot run before the transaction ends: never wait for it.
  if (!(await preparedOn(handle, database, name, text)))
    return handle.query(text, values as unknown[], options);
  try {
    const [result] = await handle.exec(
      `execute ${identifier(name)}${args.length > 0 ? `(${args.join(', ')})` : ''}`,
      options,
    );
    return result!;
  } catch (error) {
    throw asIfSentApart(error, text, values);
  }
}

/**
 * PGlite puts the failed statement's text on its error, and logs keep that text (safe-error.ts): here
 * it would be the EXECUTE with the values written in. The error says what the driver's would have said
 * instead, the statement with its placeholders and the values apart, which logs count but never write.
 */
function asIfSentApart(error: unknown, text: string, values: readonly unknown[]): unknown {
  if (error !== null && typeof error === 'object' && 'query' in error)
    Object.assign(error, { query: text, params: [...values] });
  return error;
}

/** Whether the statement is prepared now (PREPAREd here if nobody had). */
async function preparedOn(
  handle: PgliteHandle,
  database: PGlite,
  name: string,
  text: string,
): Promise<boolean> {
  let statements = prepared.get(database);
  if (!statements) {
    statements = new Map();
    prepared.set(database, statements);
  }
  for (;;) {
    const state = statements.get(name);
    if (state === true) return true;
    if (state === undefined) {
      const done = handle.exec(`prepare ${identifier(name)} as ${text}`).then(
        () => statements.set(name, true),
        (error: unknown) => {
          statements.delete(name);
          throw error;
        },
      );
      statements.set(name, { by: handle, done });
      await done;
      return true;
    }
    if (state.by === handle) {
      await state.done;
      return true;
    }
    if (handle !== database) return false;
    // Someone else's PREPARE: if it failed (its transaction was aborted, say), this caller tries its own.
    await state.done.catch(() => {});
  }
}

function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A value as a quoted SQL literal, of unknown type until PostgreSQL gives it the parameter's: the same
 * text the driver would send (dates in ISO form, plain objects as JSON). Undefined for a value with no
 * such form here: an array (whose literal depends on the parameter's type), bytes, a NUL character.
 * Doubling the quotes is the whole escape because `standard_conforming_strings` is on (PostgreSQL's
 * default, which SaveCircle never changes): a backslash is then an ordinary character.
 */
export function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date && !Number.isNaN(value.getTime())) text = value.toISOString();
  else if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    text = JSON.stringify(value);
  else return undefined;
  if (text.includes('\0')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}
