import type { Database } from '#server/db/client.ts';

// Probing the database on every call would let a load balancer's polling load it; a second
// of staleness is plenty for "is it reachable".
const PROBE_INTERVAL_MS = 1000;

export type HealthCheck = ReturnType<typeof healthCheck>;

/** Whether the database answers, probed at most once a second whoever asks. */
export function healthCheck(database: Pick<Database, 'ping'>) {
  let lastProbe = 0;
  let healthy = false;
  const recentlyHealthy = (now: number) => healthy && now - lastProbe < PROBE_INTERVAL_MS;
  return {
    /** A probe of the last second found the database reachable: known without waiting for one. */
    recentlyHealthy: () => recentlyHealthy(Date.now()),
    async databaseReachable(): Promise<boolean> {
      const now = Date.now();
      if (recentlyHealthy(now)) return true;
      lastProbe = now;
      healthy = await database.ping().then(
        () => true,
        () => false,
      );
      return healthy;
    },
  };
}
