import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { safeError } from '#server/logging/safe-error.ts';

/**
 * The Redis client for the counters several instances share (rate limits, reads in flight). A Redis
 * outage must not take sign-in and every page down with it: while Redis is unreachable a command
 * fails at once instead of waiting in a queue, the limits let requests through uncounted
 * (`skipOnError`; the account lockout lives in the database and still holds), and the outage is
 * logged once, the recovery once (docs/decisions/0024-shared-counters-fail-open.md).
 */
export async function sharedCounters(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  let reachable = true;
  redis.on('error', (error) => {
    if (!reachable) return;
    reachable = false;
    log.warn(
      { err: safeError(error) },
      'shared counters unreachable (Redis): limits are not counted until it is back',
    );
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info('shared counters reachable again (Redis)');
  });
  // Start counting with the first request when Redis is there; when it is not, start all the same.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    const settle = () => {
      clearTimeout(timer);
      redis.off('ready', settle).off('error', settle);
      resolve();
    };
    redis.once('ready', settle).once('error', settle);
  });
  return redis;
}
