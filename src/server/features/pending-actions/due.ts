import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { notify } from '#server/core/notify.ts';
import { groups } from '#server/db/groups-schema.ts';
import { pendingActions } from '#server/db/safeguards-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { executeApproved } from './execute.ts';

const open = or(
  eq(pendingActions.status, 'pending'),
  and(eq(pendingActions.status, 'approved'), isNull(pendingActions.executedAt)),
);

/**
 * Due work: actions past their expiry (still pending, or approved but held back all along) expire
 * and never run; approved actions whose hold has lifted (a time lock ran out) run now.
 */
export async function runPendingActions(ctx: AppContext): Promise<{ expired: number; executed: number }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  let expired = 0;
  let executed = 0;
  const due = await db
    .select({ id: pendingActions.id, groupId: pendingActions.groupId })
    .from(pendingActions)
    .where(and(open, or(lte(pendingActions.expiresAt, now), eq(pendingActions.status, 'approved'))));
  for (const { id, groupId } of due) {
    await inTransaction(db, async (tx) => {
      const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
      const [action] = await tx
        .select()
        .from(pendingActions)
        .where(and(eq(pendingActions.id, id), open))
        .for('update');
      if (!group || !action) return;
      if (action.expiresAt <= now) {
        await tx.update(pendingActions).set({ status: 'expired' }).where(eq(pendingActions.id, id));
        if (action.requestedBy)
          await notify(tx, now, [action.requestedBy], 'action_expired', group.id, {
            groupName: group.name,
            actionId: id,
          });
        await recordAudit(tx, {
          action: 'action_expired',
          subject: String(id),
          details: { groupId },
          at: now,
        });
        expired += 1;
      } else if ((await executeApproved(ctx, tx, group, action)) === null) executed += 1;
    });
  }
  return { expired, executed };
}
