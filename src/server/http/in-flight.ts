import type { Redis } from 'ioredis';

/**
 * How many requests of one kind a key (a user) has running right now, across every instance when
 * Redis is configured. acquire() counts one in and answers whether it fits under `max`; a refused
 * one is counted out again at once, an admitted one by release() when its request is done.
 */
export type InFlightCounter = {
  acquire(key: string, max: number): Promise<boolean>;
  release(key: string): Promise<void>;
};

export function memoryInFlight(): InFlightCounter {
  const running = new Map<string, number>();
  const release = async (key: string) => {
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  };
  return {
    async acquire(key, max) {
      const now = (running.get(key) ?? 0) + 1;
      running.set(key, now);
      if (now <= max) return true;
      await release(key);
      return false;
    },
    release,
  };
}

// One round trip each. The expiry only matters if an instance dies holding slots: they free
// themselves once the person has been quiet for that long.
const ACQUIRE = `
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if n > tonumber(ARGV[1]) then
  if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
  return 0
end
return 1`;
const RELEASE = `if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end return 0`;

type InFlightRedis = Redis & {
  inFlightAcquire(key: string, max: number, ttlMs: number): Promise<number>;
  inFlightRelease(key: string): Promise<number>;
};

export function redisInFlight(redis: Redis, prefix: string, ttlMs = 60_000): InFlightCounter {
  const client = redis as InFlightRedis;
  if (!client.inFlightAcquire) {
    redis.defineCommand('inFlightAcquire', { numberOfKeys: 1, lua: ACQUIRE });
    redis.defineCommand('inFlightRelease', { numberOfKeys: 1, lua: RELEASE });
  }
  return {
    acquire: async (key, max) => (await client.inFlightAcquire(prefix + key, max, ttlMs)) === 1,
    release: async (key) => void (await client.inFlightRelease(prefix + key)),
  };
}
