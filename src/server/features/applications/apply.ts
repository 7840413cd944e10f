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
