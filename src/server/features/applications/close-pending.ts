import { and, eq } from 'drizzle-orm';
import { recordAudit } from '#server/core/audit-log.ts';
import { notify } from '#server/core/notify.ts';
import { groupApplications } from '#server/db/applications-schema.ts';
import type { Db } from '#server/db/client.ts';

/** Stored with the closed applications; the web app words it in the reader's language. */
export const CIRCLE_FULL_REASON = 'The circle is full: every seat has been taken.';

/**
 * The last seat is gone: every request still waiting is closed (rejected with no deciding admin)
 * and its applicant told. Runs in the transaction that filled the group, under its row lock.
 */
export async function closePendingApplications(tx: Db, group: { id: number; name: string }, now: Date) {
  const closed = await tx
    .update(groupApplications)
    .set({ status: 'rejected', decidedAt: now, decidedBy: null, decisionReason: CIRCLE_FULL_REASON })
    .where(and(eq(groupApplications.groupId, group.id), eq(groupApplications.status, 'pending')))
    .returning({ id: groupApplications.id, userId: groupApplications.userId });
  if (closed.length === 0) return;
  await recordAudit(tx, {
    action: 'application_closed',
    subject: String(group.id),
    details: { applicationIds: closed.map((c) => c.id) },
    at: now,
  });
  // No group link: they are not members, so the group page would refuse them.
  await notify(
    tx,
    now,
    closed.map((c) => c.userId),
    'application_closed',
    null,
    { groupName: group.name },
  );
}
