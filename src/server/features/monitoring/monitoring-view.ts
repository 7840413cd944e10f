import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { findAppRoot } from '#server/app-root.ts';
import { queueDepths } from '#server/http/database-figures.ts';
import type { MonitoringReply } from '#shared/schemas/monitoring.ts';
import { latestFailedJobs } from './failed-jobs.ts';
import { healthStatus } from './health-status.ts';
import { outboxFigures } from './outbox-figures.ts';
import { requestSeries } from './request-series.ts';
import { iso, num, round, rowsOf } from './sql-rows.ts';

const TIMEFRAME_MS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 } as const;
/** A process that has not written its figures for this long has stopped (it writes every few seconds). */
const LIVE_WITHIN_MS = 30_000;
const BUSIEST_ROUTES = 50;
const MB = 1024 * 1024;

const version: string = JSON.parse(readFileSync(path.join(findAppRoot(), 'package.json'), 'utf8')).version;

/** The system dashboard's figures, summed over every process's per-minute rows. */
export async function monitoringView(
  ctx: AppContext,
  timeframe: keyof typeof TIMEFRAME_MS,
): Promise<MonitoringReply> {
  const { db } = ctx.database;
  const now = new Date();
  const since = new Date(Math.floor((now.getTime() - TIMEFRAME_MS[timeframe]) / 60_000) * 60_000);
  const liveSince = new Date(now.getTime() - LIVE_WITHIN_MS);

  const [
    byStatus,
    byRoute,
    [totals],
    [security],
    [instances],
    [size],
    tables,
    queues,
    series,
    liveInstances,
    failedJobs,
    outbox,
  ] = await Promise.all([
    rowsOf(
      db,
      sql`select status_code, sum(count) as count from request_metrics_minutes
      where minute >= ${since} group by status_code order by status_code`,
    ),
    rowsOf(
      db,
      sql`select route, sum(count) as count from request_metrics_minutes
      where minute >= ${since} group by route order by count desc, route limit ${BUSIEST_ROUTES}`,
    ),
    rowsOf(
      db,
      sql`select coalesce(sum(count), 0) as count, coalesce(sum(total_ms), 0) as total_ms,
      coalesce(sum(slow_count), 0) as slow, coalesce(sum(count) filter (where status_code >= 500), 0) as errors
      from request_metrics_minutes where minute >= ${since}`,
    ),
    rowsOf(
      db,
      sql`select
      coalesce(sum(count) filter (where kind = 'refused'), 0) as refused,
      coalesce(sum(count) filter (where kind = 'rate_limited'), 0) as limited,
      count(distinct ip) filter (where kind = 'rate_limited') as blocked_ips,
      count(distinct ip) as watched_ips,
      max(last_at) as last_at
      from security_ip_minutes where minute >= ${since}`,
    ),
    rowsOf(
      db,
      sql`select count(*) as instances, min(started_at) as started_at,
      coalesce(sum(heap_used_bytes), 0) as used, coalesce(sum(heap_limit_bytes), 0) as limit_bytes,
      coalesce(max(event_loop_delay_ms), 0) as delay, coalesce(sum(active_connections), 0) as connections
      from server_instances where seen_at >= ${liveSince}`,
    ),
    rowsOf(db, sql`select pg_database_size(current_database()) as bytes`),
    rowsOf(
      db,
      sql`select relname as name, pg_total_relation_size(relid) as bytes from pg_catalog.pg_statio_user_tables
      order by bytes desc, name limit 8`,
    ),
    queueDepths(db),
    requestSeries(db, timeframe, since, now),
    rowsOf(
      db,
      sql`select instance_id, started_at, seen_at from server_instances where seen_at >= ${liveSince}
      order by started_at, instance_id`,
    ),
    latestFailedJobs(db),
    // Outbox rows are stamped by the app's clock (a test moves it), so their age is measured by it.
    outboxFigures(db, ctx.clock.now()),
  ]);

  const total = num(totals?.count);
  const errorRate = total ? round((100 * num(totals?.errors)) / total, 2) : 0;
  const used = num(instances?.used);
  const limit = num(instances?.limit_bytes);
  const memoryPercentage = limit ? round((100 * used) / limit) : 0;
  const eventLoopDelay = round(num(instances?.delay));
  const startedAt = instances?.started_at ? new Date(instances.started_at as string | Date) : now;

  return {
    timeframe,
    system: {
      status: healthStatus({ errorRate, memory: memoryPercentage, eventLoopDelay }),
      uptime: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)),
      memoryUsage: { used: round(used / MB), total: round(limit / MB), percentage: memoryPercentage },
      activeConnections: num(instances?.connections),
      instances: num(instances?.instances),
      eventLoopDelay,
      lastUpdated: now.toISOString(),
    },
    performance: {
      totalRequests: total,
      averageResponseTime: total ? round(num(totals?.total_ms) / total) : 0,
      errorRate,
      slowRequests: num(totals?.slow),
      requestsByStatus: Object.fromEntries(byStatus.map((r) => [String(r.status_code), num(r.count)])),
      requestsByPath: Object.fromEntries(byRoute.map((r) => [String(r.route), num(r.count)])),
    },
    security: {
      suspiciousRequests: num(security?.refused),
      blockedIPsCount: num(security?.blocked_ips),
      rateLimitHits: num(security?.limited),
      activeIPMonitoring: num(security?.watched_ips),
      lastSecurityEvent: iso(security?.last_at),
    },
    database: {
      engine: ctx.database.engine,
      sizeBytes: num(size?.bytes),
      largestTables: tables.map((t) => ({ name: String(t.name), sizeBytes: num(t.bytes) })),
      queues,
      pool: ctx.database.poolStats?.() ?? null,
      failedJobs,
      outbox,
    },
    series,
    server: {
      version,
      node: process.version,
      instances: liveInstances.map((row) => ({
        id: String(row.instance_id),
        startedAt: iso(row.started_at) as string,
        seenAt: iso(row.seen_at) as string,
      })),
    },
  };
}
