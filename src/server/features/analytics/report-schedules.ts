import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { reportDeliveries, reportSchedules } from '#server/db/schema.ts';
import { type ReportSchedule, reportScheduleKinds } from '#shared/schemas/analytics.ts';

type Kind = ReportSchedule['kind'];

/** The member's scheduled reports: every kind, inactive until turned on. */
export async function listReportSchedules(db: Db, userId: number): Promise<ReportSchedule[]> {
  const rows = await db.select().from(reportSchedules).where(eq(reportSchedules.userId, userId));
  const sent = await db
    .select({ kind: reportDeliveries.kind, period: sql<string>`max(${reportDeliveries.period})` })
    .from(reportDeliveries)
    .where(eq(reportDeliveries.userId, userId))
    .groupBy(reportDeliveries.kind);
  return reportScheduleKinds.map((kind) => ({
    kind,
    active: rows.find((r) => r.kind === kind)?.active ?? false,
    lastSentPeriod: sent.find((s) => s.kind === kind)?.period ?? null,
  }));
}

export async function setReportSchedule(
  db: Db,
  userId: number,
  kind: Kind,
  active: boolean,
  now: Date,
): Promise<ReportSchedule> {
  await db
    .insert(reportSchedules)
    .values({ userId, kind, active, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [reportSchedules.userId, reportSchedules.kind],
      set: { active, updatedAt: now },
    });
  const [schedule] = (await listReportSchedules(db, userId)).filter((s) => s.kind === kind);
  if (!schedule) throw new Error(`report schedule ${kind} vanished`);
  return schedule;
}
