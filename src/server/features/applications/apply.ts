import { and, eq } from 'drizzle-orm';
import { groupAdminIds } from '#server/circle/admins.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import { groupApplications } from '#server/db/applications-schema.ts';
import type { Db } from '#server/db/client.ts';
import type { groups } from '#server/db/groups-schema.ts';
import { parseAmount } from '#shared/money.ts';
import type { ApplicationFields } from '#shared/schemas/applications.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { serializeApplication } from './serialize.ts';

/**
 * Records a request to join a group that reviews its members. Runs inside the join's transaction
 * with the group row locked, so the "one pending request" check cannot race; the partial unique
 * index backs it up.
 */
export async function submitApplication(
  tx: Db,
  group: typeof groups.$inferSelect,
  user: SessionUser,
  fields: ApplicationFields,
  now: Date,
) {
  const reason = fields.reason?.trim();
  if (!reason) throw new AppError('APPLICATION_REASON_REQUIRED');
  const [pending] = await tx
    .select({ id: groupApplications.id })
    .from(groupApplications)
    .where(
      and(
        eq(groupApplications.groupId, group.id),
        eq(groupApplications.userId, user.id),
        eq(groupApplications.status, 'pending'),
      ),
    );
  if (pending) throw new AppError('APPLICATION_PENDING');

  const [row] = await tx
    .insert(groupApplications)
    .values({
      groupId: group.id,
      userId: user.id,
      reason,
      monthlyIncomeCents: fields.monthlyIncome ? parseAmount(fields.monthlyIncome) : null,
      creditScore: fields.creditScore ?? null,
      referredBy: fields.referredBy?.trim() || null,
      createdAt: now,
    })
    .returning();
  const score = fields.creditScore ?? null;
  if (group.autoRejectBelowMinCredit && score !== null && score < group.minCreditScore) {
    // Refused at once, never silently: the applicant reads why in the reply and a notification.
    const decisionReason = `Your credit score (${score}) is below this circle's minimum of ${group.minCreditScore}`;
    const [rejected] = await tx
      .update(groupApplications)
      .set({ status: 'rejected', decidedAt: now, decidedBy: null, decisionReason })
      .where(eq(groupApplications.id, row!.id))
      .returning();
    await recordAudit(tx, {
      action: 'application_auto_rejected',
      actorUserId: user.id,
      subject: String(group.id),
      details: { applicationId: row!.id, creditScore: score, minCreditScore: group.minCreditScore },
      at: now,
    });
    await notify(tx, now, [user.id], 'application_rejected', null, {
      groupName: group.name,
      reason: decisionReason,
    });
    return serializeApplication(rejected!);
  }
  await recordAudit(tx, {
    action: 'application_submitted',
    actorUserId: user.id,
    subject: String(group.id),
    details: { applicationId: row!.id },
    at: now,
  });
  await notify(tx, now, await groupAdminIds(tx, group), 'application_received', group.id, {
    groupName: group.name,
    applicantName: user.fullName,
  });
  return serializeApplication(row!);
}
