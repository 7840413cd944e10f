import { is, sql } from 'drizzle-orm';
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** SQLSTATEs after which running the whole transaction again is the right answer. */
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

export type PostgresErrorInfo = { code: string; constraint?: string };

/**
 * The PostgreSQL error behind `error`, if any. Drizzle wraps driver errors (DrizzleQueryError
 * with the pg / PGlite error as `cause`), so the cause chain is walked.
 */
export function postgresError(error: unknown): PostgresErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isRetryableTransactionError(error: unknown): boolean {
  const code = postgresError(error)?.code;
  return code !== undefined && RETRYABLE.has(code);
}

export type InTransactionOptions = {
  /** How many times to run `fn` again after a serialization failure or deadlock. */
  retries?: number;
  isolationLevel?: PgTransactionConfig['isolationLevel'];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in one database transaction, and runs it again (in a new transaction) when
 * PostgreSQL aborts it as a serialization failure or a deadlock victim. `fn` must therefore
 * be safe to repeat: no side effects outside the database before it returns.
 */
export async function inTransaction<T>(
  db: Db,
  fn: (tx: Db) => Promise<T>,
  { retries = 5, isolationLevel }: InTransactionOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx), isolationLevel ? { isolationLevel } : undefined);
    } catch (error) {
      if (attempt >= retries || !isRetryableTransactionError(error)) throw error;
      // Jitter so that the transactions that collided do not collide again in lockstep.
      const ceiling = Math.min(200, 5 * 2 ** attempt);
      await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
    }
  }
}

/**
 * Runs `fn` so that, when it throws, whatever it wrote is undone and the caller's transaction goes on
 * (a savepoint); outside a transaction, in one of its own. Unlike drizzle's nested transaction it does
 * not release the savepoint on success, a round trip fewer on every money write (issue 18): the
 * savepoint then ends with the transaction, or with an enclosing savepoint's release or rollback,
 * exactly as a released one would. `name` must be a plain SQL identifier.
 */
export async function withSavepoint<T>(db: Db, name: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (!is(db, PgTransaction)) return db.transaction((tx) => fn(tx));
  await db.execute(sql.raw(`savepoint ${name}`));
  try {
    return await fn(db);
  } catch (error) {
    await db.execute(sql.raw(`rollback to savepoint ${name}`));
    throw error;
  }
}
