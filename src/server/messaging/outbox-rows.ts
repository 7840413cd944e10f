import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import type { emailOutbox } from '#server/db/email-schema.ts';
import type { outboxMessages } from '#server/db/verification-schema.ts';

/**
 * The delivery columns every outbox table has (email_outbox, outbox_messages): one set of helpers
 * moves a row queued → sending → sent | failed, whichever table it lives in (decision 0026).
 */
export type OutboxTable = typeof emailOutbox | typeof outboxMessages;

type Columns = { id: PgColumn; status: PgColumn; attempts: PgColumn; lastError: PgColumn; jobId: PgColumn };

// Both tables have the columns with the same types; drizzle cannot see that through a union, so
// updates go through this one narrowing instead of a copy of every helper per table.
const update = (db: Db, table: OutboxTable) => db.update(table as typeof emailOutbox);
const columns = (table: OutboxTable) => table as unknown as Columns;

/**
 * Queued rows no job delivers yet, locked for the caller's transaction so two sweeps never hand one
 * row over twice; the caller enqueues a job per row and records it with handedOver().
 */
export async function waitingRows(tx: Db, table: OutboxTable, limit = 100): Promise<number[]> {
  const c = columns(table);
  const rows = await tx
    .select({ id: c.id })
    .from(table as PgTable)
    .where(and(eq(c.status, 'queued'), isNull(c.jobId)))
    .orderBy(c.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id as number);
}

/** Whether any queued row waits for a job: the server's kick asks this before creating a sweep job. */
export async function rowsWaiting(db: Db, table: OutboxTable): Promise<boolean> {
  const c = columns(table);
  const [row] = await db
    .select({ id: c.id })
    .from(table as PgTable)
    .where(and(eq(c.status, 'queued'), isNull(c.jobId)))
    .limit(1);
  return row !== undefined;
}

export async function handedOver(tx: Db, table: OutboxTable, id: number, jobId: string) {
  await update(tx, table)
    .set({ jobId })
    .where(eq(columns(table).id, id));
}

/** Gives a queued row back to the sweep: its job ran where it cannot be delivered. */
export async function releaseRow(db: Db, table: OutboxTable, id: number) {
  const c = columns(table);
  await update(db, table)
    .set({ jobId: null })
    .where(and(eq(c.id, id), eq(c.status, 'queued')));
}

/**
 * Claims a row for one attempt in its own committed statement (status sending, attempts + 1), only
 * if it is not sent or failed already: a sent row is never sent again. False: nothing to do.
 */
export async function claimRow(db: Db, table: OutboxTable, id: number): Promise<boolean> {
  const c = columns(table);
  const claimed = await update(db, table)
    .set({ status: 'sending', attempts: sql`${c.attempts} + 1` })
    .where(and(eq(c.id, id), inArray(c.status, ['queued', 'sending'])))
    .returning({ id: c.id });
  return claimed.length > 0;
}

/** A failed attempt: the reason is kept; the row waits for the job's retry, or is failed after the last. */
export async function attemptFailed(db: Db, table: OutboxTable, id: number, final: boolean, reason: string) {
  await update(db, table)
    .set({ status: final ? 'failed' : 'queued', lastError: reason })
    .where(eq(columns(table).id, id));
}

export async function markSent(db: Db, table: OutboxTable, id: number, now: Date) {
  await update(db, table)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(eq(columns(table).id, id));
}

export type Attempt = { final: boolean };
export type DeliveryResult = 'sent' | 'skipped';
