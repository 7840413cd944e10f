/**
 * When the dashboard's badge turns warning or critical (docs/decisions/0032-monitoring.md): the worst
 * of the three figures decides.
 */
export const THRESHOLDS = {
  /** Per cent of requests answered 5xx in the timeframe. */
  errorRate: { warning: 1, critical: 5 },
  /** Per cent of the heap's limit in use, summed over processes. */
  memory: { warning: 80, critical: 92 },
  /** The slowest process's event-loop delay (p99), ms. */
  eventLoopDelay: { warning: 200, critical: 1000 },
} as const;

export type HealthStatus = 'healthy' | 'warning' | 'critical';

export function healthStatus(figures: {
  errorRate: number;
  memory: number;
  eventLoopDelay: number;
}): HealthStatus {
  const levels = (Object.keys(THRESHOLDS) as (keyof typeof THRESHOLDS)[]).map((name) => {
    const value = figures[name];
    if (value >= THRESHOLDS[name].critical) return 2;
    return value >= THRESHOLDS[name].warning ? 1 : 0;
  });
  return (['healthy', 'warning', 'critical'] as const)[Math.max(...levels)] ?? 'healthy';
}
