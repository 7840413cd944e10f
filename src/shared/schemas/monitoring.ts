import { z } from 'zod';

export const MONITORING_TIMEFRAMES = ['1h', '24h', '7d'] as const;

/** GET /api/admin/monitoring?timeframe= (spec 001 §7; default '1h'). */
export const monitoringQuery = z.strictObject({
  timeframe: z.enum(MONITORING_TIMEFRAMES).default('1h'),
});

const count = z.number().int().nonnegative();

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
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number(),
    largestTables: z.array(z.object({ name: z.string(), sizeBytes: z.number() })),
    queues: z.array(z.object({ queue: z.string(), waiting: count, active: count, failed: count })),
  }),
  server: z.object({ version: z.string(), node: z.string() }),
});
export type MonitoringReply = z.infer<typeof monitoringReply>;
