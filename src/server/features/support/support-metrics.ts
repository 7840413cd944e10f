import { gte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { supportTickets } from '#server/db/schema.ts';
import type { SupportMetrics, SupportPeriod } from '#shared/schemas/support.ts';

const DAY = 86_400_000;
const periodDays: Record<SupportPeriod, number> = { week: 7, month: 30, quarter: 91, year: 365 };

/**
 * The support KPIs: the queue by status as it stands, and, for the tickets received within the
 * period, how many and the median times to the first answer and to resolution (in ms).
 */
export async function supportMetrics(db: Db, period: SupportPeriod, now: Date): Promise<SupportMetrics> {
  const counts = { open: 0, in_progress: 0, resolved: 0 };
  const byStatus = await db
    .select({ status: supportTickets.status, n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .groupBy(supportTickets.status);
  for (const row of byStatus) counts[row.status] = row.n;

  const since = new Date(now.getTime() - periodDays[period] * DAY);
  const ms = (later: typeof supportTickets.firstResponseAt | typeof supportTickets.resolvedAt) =>
    sql<
      string | null
    >`percentile_cont(0.5) within group (order by extract(epoch from (${later} - ${supportTickets.createdAt})) * 1000)`;
  const [row] = await db
    .select({
      received: sql<number>`count(*)::int`,
      firstResponse: ms(supportTickets.firstResponseAt),
      resolution: ms(supportTickets.resolvedAt),
    })
    .from(supportTickets)
    .where(gte(supportTickets.createdAt, since));
  const number = (value: string | number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value));
  return {
    period,
    counts,
    received: row?.received ?? 0,
    medianFirstResponseMs: number(row?.firstResponse),
    medianResolutionMs: number(row?.resolution),
  };
}
