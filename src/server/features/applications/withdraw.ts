import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { groupApplications } from '#server/db/applications-schema.ts';
import { groups } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { loadApplication, requirePending } from './load-application.ts';
import { serializeApplication } from './serialize.ts';

/** The applicant takes their request back while it is still waiting. */
export async function withdrawApplication(ctx: AppContext, user: SessionUser, applicationId: number) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const { groupId, userId } = await loadApplication(tx, applicationId);
    // Someone else's request does not exist for the caller (its admins decide it; they cannot withdraw it).
    if (userId !== user.id) throw new AppError('APPLICATION_NOT_FOUND');
    // The group lock orders this after (or before) an admin's decision on the same request.
    await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    const application = await loadApplication(tx, applicationId, { lock: true });
    requirePending(application);
    const [withdrawn] = await tx
      .update(groupApplications)
      .set({ status: 'withdrawn', decidedAt: now })
      .where(eq(groupApplications.id, applicationId))
      .returning();
    await recordAudit(tx, {
      action: 'application_withdrawn',
      actorUserId: user.id,
      subject: String(groupId),
      details: { applicationId },
      at: now,
    });
    return { success: true as const, application: serializeApplication(withdrawn!) };
  });
}
