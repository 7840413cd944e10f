import { randomBytes } from 'node:crypto';
import type { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '#server/db/client.ts';
import { type CrashStore, postgresStore } from '../crash/crash-store.ts';
import { killAllServers, type ServerProcess, startServer } from '../crash/server-process.ts';

/** Per-address limits low enough to reach in a few requests. */
export const LIMITS = { loginPerIpPerMinute: 4, registerPerIpPerHour: 3 };

export const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Two real server processes on one fresh PostgreSQL database and one Redis, under a Redis key prefix
 * of this run's own (other runs and other tests share the Redis). Both start at once, as instances
 * behind a load balancer do, so they also race through migrations and the job queue's set-up.
 */
export type TwoServers = {
  a: ServerProcess;
  b: ServerProcess;
  store: CrashStore;
  redis: Redis;
  redisPrefix: string;
  close(): Promise<void>;
};

export async function startTwoServers(): Promise<TwoServers> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().catch((error: Error) => {
    throw new Error(`this test needs Redis at ${redisUrl} (REDIS_URL): ${error.message}`);
  });
  const redisPrefix = `sc-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
  const store = await postgresStore();
  const env = {
    ...store.env,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    // The test is the load balancer: it tells the servers each client's address in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    TEST_CLOCK: 'enabled',
    SANDBOX_SETTLEMENT_SECONDS: '1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_PER_IP_PER_MINUTE: String(LIMITS.loginPerIpPerMinute),
    REGISTER_PER_IP_PER_HOUR: String(LIMITS.registerPerIpPerHour),
  };
  let servers: ServerProcess[];
  try {
    servers = await Promise.all([startServer(env), startServer(env)]);
  } catch (error) {
    await killAllServers();
    await store.drop();
    redis.disconnect();
    throw error;
  }
  const [a, b] = servers as [ServerProcess, ServerProcess];
  return {
    a,
    b,
    store,
    redis,
    redisPrefix,
    async close() {
      await killAllServers();
      await store.drop();
      await deleteKeys(redis, `${redisPrefix}*`);
      redis.disconnect();
    },
  };
}

/** The keys matching `pattern` (SCAN, not KEYS: the Redis is shared). */
export async function keysMatching(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

async function deleteKeys(redis: Redis, pattern: string) {
  const keys = await keysMatching(redis, pattern);
  if (keys.length > 0) await redis.del(...keys);
}

/** Rows of a raw query on the test's own connection to the servers' database. */
export async function queryRows<T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
