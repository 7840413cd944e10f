import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { pendingActions } from '#server/db/safeguards-schema.ts';

/**
 * Once a member has gone (removed at once, or left), an open proposal to remove them (auto-remove,
 * or an admin's request waiting for a vote) can no longer do anything: it is closed as expired, so
 * nobody is asked to approve it in vain.
 */
export async function closeRemovalProposals(tx: Db, groupId: number, userId: number) {
  await tx
    .update(pendingActions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(pendingActions.groupId, groupId),
        eq(pendingActions.type, 'remove_member'),
        eq(pendingActions.status, 'pending'),
        sql`${pendingActions.payload} ->> 'subject' = ${`member:${userId}`}`,
      ),
    );
}
