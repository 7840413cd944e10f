import { z } from 'zod';

export const MONITORING_TIMEFRAMES = ['1h', '24h', '7d'] as const;

/** GET /api/admin/monitoring?timeframe= (spec 001 §7; default '1h'). */
export const monitoringQuery = z.strictObject({
  timeframe: z.enum(MONITORING_TIMEFRAMES).default('1h'),
});

const count = z.number().int().nonnegative();

/** One bucket of the timeframe's chart: 1 minute over 1h, 15 minutes over 24h, 2 hours over 7d. */
export const monitoringBucket = z.object({
  /** The bucket's start. */
  at: z.string(),
  requests: count,
  /** Answered with a 5xx status. */
  errors: count,
  /** Milliseconds; 0 when the bucket had no requests. */
  averageResponseTime: z.number(),
  /** Refused with 401 or 403. */
  suspicious: count,
});
export type MonitoringBucket = z.infer<typeof monitoringBucket>;

const outboxFigures = z.object({
  /** Queued or being sent. */
  pending: count,
  failed: count,
  /** Seconds the oldest pending message has waited; null when none waits. */
  oldestPendingSeconds: z.number().nullable(),
});

/** The spec's monitoring response (§3), measured across every running server process. */
export const monitoringReply = z.object({
  timeframe: z.enum(MONITORING_TIMEFRAMES),
  system: z.object({
    status: z.enum(['healthy', 'warning', 'critical']),
    /** Seconds since the longest-running live server process started. */
    uptime: count,
    memoryUsage: z.object({ used: z.number(), total: z.number(), percentage: z.number() }),
    activeConnections: count,
    /** Server processes that reported in the last 30 seconds. */
    instances: count,
    /** The slowest process's event-loop delay (99th percentile, ms). */
    eventLoopDelay: z.number(),
    lastUpdated: z.string(),
  }),
  performance: z.object({
    totalRequests: count,
    /** Milliseconds. */
    averageResponseTime: z.number(),
    /** Per cent of requests answered with a 5xx status. */
    errorRate: z.number(),
    slowRequests: count,
    requestsByStatus: z.record(z.string(), count),
    /** By method and route pattern (`GET /api/groups/:id`), the 50 busiest. */
    requestsByPath: z.record(z.string(), count),
  }),
  security: z.object({
    /** Requests refused with 401 or 403. */
    suspiciousRequests: count,
    /** Addresses that were rate-limited (429). */
    blockedIPsCount: count,
    rateLimitHits: count,
    /** Addresses refused or rate-limited in the timeframe. */
    activeIPMonitoring: count,
    lastSecurityEvent: z.string().nullable(),
  }),
  /** Every bucket of the timeframe, oldest first, zero-filled: the figures above, over time. */
  series: z.array(monitoringBucket),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number(),
    largestTables: z.array(z.object({ name: z.string(), sizeBytes: z.number() })),
    queues: z.array(z.object({ queue: z.string(), waiting: count, active: count, failed: count })),
    /** The PostgreSQL pool's connections now; null on PGlite, which has one embedded connection. */
    pool: z.object({ max: count, total: count, idle: count, waiting: count }).nullable(),
    /** The latest failed jobs, newest first: never their payloads, which may hold personal data. */
    failedJobs: z.array(
      z.object({ queue: z.string(), id: z.string(), failedAt: z.string(), error: z.string().nullable() }),
    ),
    outbox: z.object({ email: outboxFigures, messages: outboxFigures }),
  }),
  server: z.object({
    version: z.string(),
    node: z.string(),
    /** Server processes that reported in the last 30 seconds. */
    instances: z.array(z.object({ id: z.string(), startedAt: z.string(), seenAt: z.string() })),
  }),
});
export type MonitoringReply = z.infer<typeof monitoringReply>;
