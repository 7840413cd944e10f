import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { MonitoringBucket } from '#shared/schemas/monitoring.ts';
import { num, round, rowsOf } from './sql-rows.ts';

/** Chart buckets per timeframe: 60 of a minute, 96 of 15 minutes, 84 of 2 hours. */
export const BUCKET_SECONDS = { '1h': 60, '24h': 15 * 60, '7d': 2 * 3600 } as const;

/**
 * The timeframe's figures per bucket, summed over every process's per-minute rows in one statement.
 * Buckets come from generate_series, so one without a request is there with zeros and the chart has
 * no gap. Rows are counted from `since` as the totals are, so the buckets add up to them; the first
 * bucket starts at or before `since` (buckets are aligned on the epoch, the same in every process).
 */
export async function requestSeries(
  db: Db,
  timeframe: keyof typeof BUCKET_SECONDS,
  since: Date,
  now: Date,
): Promise<MonitoringBucket[]> {
  const step = BUCKET_SECONDS[timeframe];
  const stepMs = step * 1000;
  const first = new Date(Math.floor(since.getTime() / stepMs) * stepMs);
  const last = new Date(Math.floor(now.getTime() / stepMs) * stepMs);
  // A constant of the table above, never input: written into the statement as a number.
  const seconds = sql.raw(String(step));
  const bucketOf = (column: string) =>
    sql`to_timestamp(floor(extract(epoch from ${sql.raw(column)}) / ${seconds}) * ${seconds})`;
  const rows = await rowsOf(
    db,
    sql`
    with buckets as (
      select generate_series(${first.toISOString()}::timestamptz, ${last.toISOString()}::timestamptz,
        interval '1 second' * ${seconds}) as at
    ),
    answered as (
      select ${bucketOf('minute')} as at, sum(count) as requests,
        sum(count) filter (where status_code >= 500) as errors, sum(total_ms) as total_ms
      from request_metrics_minutes where minute >= ${since}
      group by 1
    ),
    refused as (
      select ${bucketOf('minute')} as at, sum(count) as suspicious
      from security_ip_minutes where minute >= ${since} and kind = 'refused'
      group by 1
    )
    select b.at, coalesce(a.requests, 0) as requests, coalesce(a.errors, 0) as errors,
      coalesce(a.total_ms, 0) as total_ms, coalesce(r.suspicious, 0) as suspicious
    from buckets b
    left join answered a on a.at = b.at
    left join refused r on r.at = b.at
    order by b.at`,
  );
  return rows.map((row) => {
    const requests = num(row.requests);
    return {
      at: new Date(row.at as string | Date).toISOString(),
      requests,
      errors: num(row.errors),
      averageResponseTime: requests ? round(num(row.total_ms) / requests) : 0,
      suspicious: num(row.suspicious),
    };
  });
}
