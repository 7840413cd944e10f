import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { referralProgram } from '#server/db/referrals-schema.ts';

/**
 * Whether the operator paused rewards. Read `for share`: a resume (which takes the row for update)
 * waits for the activations already reading it, then pays what they left waiting. No row: running.
 */
export async function programPaused(tx: Db): Promise<boolean> {
  const [row] = await tx
    .select({ paused: referralProgram.paused })
    .from(referralProgram)
    .where(eq(referralProgram.id, 1))
    .for('share');
  return row?.paused ?? false;
}
