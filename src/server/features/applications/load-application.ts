import { eq } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import { groupApplications } from '#server/db/applications-schema.ts';
import type { Db } from '#server/db/client.ts';

/** The application, locked for the rest of the transaction when `lock` is set. */
export async function loadApplication(tx: Db, id: number, options: { lock?: boolean } = {}) {
  const query = tx.select().from(groupApplications).where(eq(groupApplications.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('APPLICATION_NOT_FOUND');
  return row;
}

export function requirePending(row: { status: string }) {
  if (row.status !== 'pending') throw new AppError('APPLICATION_ALREADY_DECIDED');
}
