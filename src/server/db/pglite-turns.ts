import type { PGlite, Transaction } from '@electric-sql/pglite';
import { rememberTransaction } from './pglite-prepared.ts';

// Taken when this module loads: a test that fakes timers must not stop the database.
const nextTurn = globalThis.setImmediate;
const yieldToEventLoop = () => new Promise<void>((resume) => nextTurn(resume));

/**
 * PGlite runs each statement synchronously on this thread, and hands its lock to the next waiting
 * statement in a microtask: fifty queued statements ran back to back, and a request that needs no
 * database (a health check, a page's file) waited for all of them. Here statements take turns
 * through the event loop instead: each waits in a queue of ours, then for one pass of the event
 * loop (setImmediate runs after pending I/O), then runs. An unrelated request now waits for at most
 * the statement running when it arrived. Statements inside a transaction yield the same way; the
 * transaction keeps the database to itself, as PGlite's own lock already made it.
 */
export function takeTurns(client: PGlite): PGlite {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = queue.then(yieldToEventLoop).then(run);
    queue = turn.catch(() => {});
    return turn;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: ((...args: Parameters<PGlite['query']>) => inTurn(() => query(...args))) as PGlite['query'],
    exec: ((...args: Parameters<PGlite['exec']>) => inTurn(() => exec(...args))) as PGlite['exec'],
    transaction: (<T>(work: (tx: Transaction) => Promise<T>) =>
      inTurn(() => transaction((tx) => work(yieldingTransaction(tx, client))))) as PGlite['transaction'],
  });
  return client;
}

function yieldingTransaction(tx: Transaction, database: PGlite): Transaction {
  const query = tx.query.bind(tx);
  const exec = tx.exec.bind(tx);
  const yielding = Object.assign(Object.create(tx) as Transaction, {
    query: (async (...args: Parameters<Transaction['query']>) => {
      await yieldToEventLoop();
      return query(...args);
    }) as Transaction['query'],
    exec: async (...args: Parameters<Transaction['exec']>) => {
      await yieldToEventLoop();
      return exec(...args);
    },
  });
  rememberTransaction(yielding, database);
  return yielding;
}
