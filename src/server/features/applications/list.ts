import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { groupApplications } from '#server/db/applications-schema.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, groupMembers, groups } from '#server/db/groups-schema.ts';
import { users } from '#server/db/schema.ts';
import { loadMemberTrust } from '#server/features/verification/trust-scores.ts';
import { formatAmount } from '#shared/money.ts';
import type { PaymentRecord, PendingApplicant } from '#shared/schemas/applications.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { serializeApplication } from './serialize.ts';

/** Admin: the requests waiting for a decision, oldest first, each with the applicant's payment record. */
export async function pendingApplications(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  const { group } = await requireAdmin(db, groupId, user.id);
  const rows = await db
    .select({ application: groupApplications, name: users.fullName, email: users.email })
    .from(groupApplications)
    .innerJoin(users, eq(users.id, groupApplications.userId))
    .where(and(eq(groupApplications.groupId, groupId), eq(groupApplications.status, 'pending')))
    .orderBy(asc(groupApplications.createdAt), asc(groupApplications.id));
  const userIds = rows.map((r) => r.application.userId);
  const [records, trust] = await Promise.all([
    paymentRecords(db, userIds, groupId, ctx.clock.now()),
    loadMemberTrust(db, userIds, ctx.clock.now()),
  ]);
  const applications: PendingApplicant[] = rows.map(({ application, name, email }) => ({
    id: application.id,
    userId: application.userId,
    name,
    email,
    creditScore: application.creditScore,
    // Self-reported and below the circle's minimum; no score given is not flagged.
    belowMinCredit: application.creditScore !== null && application.creditScore < group.minCreditScore,
    appliedDate: application.createdAt.toISOString(),
    referredBy: application.referredBy,
    monthlyIncome:
      application.monthlyIncomeCents === null ? null : formatAmount(application.monthlyIncomeCents),
    reason: application.reason,
    paymentRecord: records.get(application.userId) ?? emptyRecord(),
    trustScore: trust.get(application.userId)!.trustScore,
  }));
  return { applications };
}

const emptyRecord = (): PaymentRecord => ({ circles: 0, paidOnTime: 0, paidLate: 0, overdue: 0 });

/**
 * How each applicant has paid in their other circles, counted from stored contributions (one
 * grouped query on the user index). Overdue = unpaid from the day after due date plus grace, in
 * that group's time zone, as the group page counts it.
 */
async function paymentRecords(db: Db, userIds: number[], exceptGroupId: number, now: Date) {
  const records = new Map<number, PaymentRecord>();
  if (userIds.length === 0) return records;
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${groups.timeZone})::date`;
  const [paid, circles] = await Promise.all([
    db
      .select({
        userId: contributions.userId,
        paidOnTime: sql<number>`count(*) filter (where ${contributions.status} = 'paid' and not ${contributions.late})::int`,
        paidLate: sql<number>`count(*) filter (where ${contributions.status} = 'paid' and ${contributions.late})::int`,
        overdue: sql<number>`count(*) filter (where ${contributions.status} <> 'paid' and ${contributions.dueDate} + ${contributions.graceDays} < ${today})::int`,
      })
      .from(contributions)
      .innerJoin(groups, eq(groups.id, contributions.groupId))
      .where(and(inArray(contributions.userId, userIds), ne(contributions.groupId, exceptGroupId)))
      .groupBy(contributions.userId),
    db
      .select({ userId: groupMembers.userId, circles: sql<number>`count(*)::int` })
      .from(groupMembers)
      .where(and(inArray(groupMembers.userId, userIds), ne(groupMembers.groupId, exceptGroupId)))
      .groupBy(groupMembers.userId),
  ]);
  for (const id of userIds) records.set(id, emptyRecord());
  for (const row of circles) records.get(row.userId)!.circles = row.circles;
  for (const { userId, ...counts } of paid) Object.assign(records.get(userId)!, counts);
  return records;
}

/** The signed-in user's own requests, newest first, with the group's name. */
export async function myApplications(db: Db, user: SessionUser) {
  const rows = await db
    .select({ application: groupApplications, groupName: groups.name })
    .from(groupApplications)
    .innerJoin(groups, eq(groups.id, groupApplications.groupId))
    .where(eq(groupApplications.userId, user.id))
    .orderBy(desc(groupApplications.createdAt), desc(groupApplications.id))
    .limit(50);
  return {
    applications: rows.map((r) => ({ ...serializeApplication(r.application), groupName: r.groupName })),
  };
}
