import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each server process's answered requests per minute, route pattern and status code, added to every
 * few seconds (features/monitoring/request-recorder.ts). The monitoring view sums every process's rows.
 */
export const requestMetricsMinutes = pgTable(
  'request_metrics_minutes',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    instanceId: text('instance_id').notNull(),
    /** `GET /api/groups/:id`: the method and Fastify's pattern, never the raw URL; 'unmatched' otherwise. */
    route: text('route').notNull(),
    statusCode: integer('status_code').notNull(),
    count: integer('count').notNull(),
    totalMs: doublePrecision('total_ms').notNull(),
    /** Answered in more than a second. */
    slowCount: integer('slow_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.instanceId, t.route, t.statusCode] })],
);

/** Addresses refused (401/403) or rate-limited (429), per minute and process: the security figures. */
export const securityIpMinutes = pgTable(
  'security_ip_minutes',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    instanceId: text('instance_id').notNull(),
    ip: text('ip').notNull(),
    kind: text('kind', { enum: ['refused', 'rate_limited'] }).notNull(),
    count: integer('count').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.instanceId, t.ip, t.kind] })],
);

/** Each running process's latest vital signs, written with its request figures; stale rows are gone processes. */
export const serverInstances = pgTable('server_instances', {
  instanceId: text('instance_id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  heapUsedBytes: doublePrecision('heap_used_bytes').notNull(),
  /** How far the heap may grow (V8's limit): the memory figure's total. */
  heapLimitBytes: doublePrecision('heap_limit_bytes').notNull(),
  /** Event-loop delay, 99th percentile over the last interval, in milliseconds. */
  eventLoopDelayMs: doublePrecision('event_loop_delay_ms').notNull(),
  /** Requests in flight plus open live streams. */
  activeConnections: integer('active_connections').notNull(),
});
