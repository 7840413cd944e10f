import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { requestMetricsMinutes, securityIpMinutes, serverInstances } from '#server/db/schema.ts';
import type { AnsweredRequest } from '#server/http/app-metrics.ts';

/** Slower than this counts as a slow request. */
export const SLOW_REQUEST_MS = 1000;
/** Kept this long: the longest timeframe (7 days) and a day more. */
const KEEP_MS = 8 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** The IP of a request whose client hung up before it was answered. */
const UNKNOWN_IP = 'unknown';

type RequestTally = {
  minute: Date;
  route: string;
  statusCode: number;
  count: number;
  totalMs: number;
  slowCount: number;
};
type IpTally = { minute: Date; ip: string; kind: 'refused' | 'rate_limited'; count: number; lastAt: Date };

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

export type VitalSigns = { activeConnections: () => number };

/**
 * One process's request figures, tallied in memory and added to its own per-minute rows on flush(),
 * so the monitoring view can sum every process's rows. Rows are added to, never replaced: flushing
 * twice in a minute loses nothing, and no process ever writes another's rows.
 */
export function createRequestRecorder(db: Db, vitals: VitalSigns, instanceId: string = randomUUID()) {
  const startedAt = new Date();
  const requests = new Map<string, RequestTally>();
  const ips = new Map<string, IpTally>();
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  let lastPrune = 0;
  let flushing: Promise<void> = Promise.resolve();

  function record(request: AnsweredRequest) {
    const minute = minuteOf(request.at);
    const route = `${request.method} ${request.route}`;
    const key = `${minute.getTime()} ${request.statusCode} ${route}`;
    const tally = requests.get(key) ?? {
      minute,
      route,
      statusCode: request.statusCode,
      count: 0,
      totalMs: 0,
      slowCount: 0,
    };
    tally.count += 1;
    tally.totalMs += request.durationMs;
    if (request.durationMs > SLOW_REQUEST_MS) tally.slowCount += 1;
    requests.set(key, tally);

    const kind =
      request.statusCode === 429
        ? 'rate_limited'
        : [401, 403].includes(request.statusCode)
          ? 'refused'
          : null;
    if (!kind) return;
    // Counted still when the address is gone, under a name that cannot be mistaken for one.
    const ip = request.ip ?? UNKNOWN_IP;
    const ipKey = `${minute.getTime()} ${kind} ${ip}`;
    const ipTally = ips.get(ipKey) ?? { minute, ip, kind, count: 0, lastAt: request.at };
    ipTally.count += 1;
    ipTally.lastAt = request.at;
    ips.set(ipKey, ipTally);
  }

  async function write() {
    const requestRows = [...requests.values()].map((r) => ({ ...r, instanceId }));
    const ipRows = [...ips.values()].map((r) => ({ ...r, instanceId }));
    requests.clear();
    ips.clear();
    const now = new Date();
    const memory = process.memoryUsage();
    const delayMs = Number.isFinite(delay.percentile(99)) ? delay.percentile(99) / 1e6 : 0;
    delay.reset();
    await db.transaction(async (tx) => {
      if (requestRows.length)
        await tx
          .insert(requestMetricsMinutes)
          .values(requestRows)
          .onConflictDoUpdate({
            target: [
              requestMetricsMinutes.minute,
              requestMetricsMinutes.instanceId,
              requestMetricsMinutes.route,
              requestMetricsMinutes.statusCode,
            ],
            set: {
              count: sql`${requestMetricsMinutes.count} + excluded.count`,
              totalMs: sql`${requestMetricsMinutes.totalMs} + excluded.total_ms`,
              slowCount: sql`${requestMetricsMinutes.slowCount} + excluded.slow_count`,
            },
          });
      if (ipRows.length)
        await tx
          .insert(securityIpMinutes)
          .values(ipRows)
          .onConflictDoUpdate({
            target: [
              securityIpMinutes.minute,
              securityIpMinutes.instanceId,
              securityIpMinutes.ip,
              securityIpMinutes.kind,
            ],
            set: {
              count: sql`${securityIpMinutes.count} + excluded.count`,
              lastAt: sql`greatest(${securityIpMinutes.lastAt}, excluded.last_at)`,
            },
          });
      const vitalsRow = {
        seenAt: now,
        heapUsedBytes: memory.heapUsed,
        heapLimitBytes: getHeapStatistics().heap_size_limit,
        eventLoopDelayMs: delayMs,
        activeConnections: vitals.activeConnections(),
      };
      await tx
        .insert(serverInstances)
        .values({ instanceId, startedAt, ...vitalsRow })
        .onConflictDoUpdate({ target: serverInstances.instanceId, set: vitalsRow });
      if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = now.getTime();
        const before = new Date(now.getTime() - KEEP_MS);
        await tx.delete(requestMetricsMinutes).where(lt(requestMetricsMinutes.minute, before));
        await tx.delete(securityIpMinutes).where(lt(securityIpMinutes.minute, before));
        await tx.delete(serverInstances).where(lt(serverInstances.seenAt, before));
      }
    });
  }

  return {
    instanceId,
    record,
    /** Writes what was tallied since the last flush; flushes run one after another. */
    flush() {
      flushing = flushing.then(write, write);
      return flushing;
    },
    stop() {
      delay.disable();
    },
  };
}

export type RequestRecorder = ReturnType<typeof createRequestRecorder>;
