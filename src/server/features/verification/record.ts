import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { userVerifications } from '#server/db/verification-schema.ts';

export type VerificationRow = typeof userVerifications.$inferSelect;

/**
 * The person's verification row, created on first use and locked for the rest of the transaction,
 * so that their sends and checks run one after another (limits and attempt counts hold).
 */
export async function lockVerificationRow(tx: Db, userId: number, now: Date): Promise<VerificationRow> {
  await tx.insert(userVerifications).values({ userId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(userVerifications)
    .where(eq(userVerifications.userId, userId))
    .for('update');
  if (!row) throw new Error('the verification row vanished');
  return row;
}
