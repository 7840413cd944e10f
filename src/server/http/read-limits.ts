import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '#server/core/errors.ts';
import { resolveUser } from '#server/features/auth/authenticate.ts';
import { type InFlightCounter, memoryInFlight, redisInFlight } from './in-flight.ts';
import { appendRouteHook, routeMethods } from './route-hooks.ts';

/**
 * Reads that cost the database real work, limited per person so that one person's flood cannot
 * starve everybody else. Listed here, in one place, rather than flagged route by route; a test
 * checks that every entry names a real route.
 */
export const EXPENSIVE_READS: ReadonlySet<string> = new Set([
  'GET /api/user/:userId/dashboard',
  'GET /api/user/groups',
  'GET /api/user/history',
  'GET /api/groups/:id',
  'GET /api/groups/:id/applications',
  'GET /api/groups/:id/management-summary',
  'GET /api/groups/:id/statement',
  'GET /api/groups/:id/statement.csv',
  'GET /api/groups/:groupId/escrow',
  'GET /api/escrow/:escrowId/transactions',
  'GET /api/groups/:groupId/payment-monitoring',
  'GET /api/groups/:groupId/payment-schedules',
  'GET /api/groups/:groupId/verification',
  'GET /api/groups/:id/reputation',
  'GET /api/groups/:groupId/bank-debits',
  'GET /api/groups/:groupId/actions',
  'GET /api/groups/:groupId/safeguards',
  'GET /api/applications/mine',
  'GET /api/wallet',
  'GET /api/withdrawals',
  'GET /api/notifications',
  'GET /api/account/export',
  'GET /api/account/export.csv',
]);

// HEAD runs the GET handler in full (Fastify answers it for every GET route), so it counts the same.
function isExpensiveRead(method: string, url: string) {
  return EXPENSIVE_READS.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}

/**
 * Per-person limits on expensive reads: so many per 10 seconds (the rate-limit store, shared through Redis
 * when configured) and so many running at once (in-flight counter, in Redis too). Two hundred
 * parallel dashboard requests from one person then run six at a time and the rest are refused at
 * once with 429 and Retry-After, instead of queueing in the database ahead of everyone else's.
 * Runs on onRequest, before any body or handler work; anonymous requests are left to requireUser.
 */
export function registerReadLimits(app: FastifyInstance, options: { redis?: Redis; prefix: string }) {
  const { readsPerUserPer10Seconds, readsInFlightPerUser } = app.ctx.config.limits;
  const inFlight: InFlightCounter = options.redis
    ? redisInFlight(options.redis, `${options.prefix}reads-in-flight-`)
    : memoryInFlight();
  const perWindow =
    readsPerUserPer10Seconds > 0
      ? app.createRateLimit({
          max: readsPerUserPer10Seconds,
          timeWindow: 10_000,
          keyGenerator: (request) => `reads-user-${request.user?.id}`,
        })
      : null;
  const holding = new WeakMap<FastifyRequest, string>();

  const limitRead: onRequestHookHandler = async (request) => {
    const user = await resolveUser(request);
    if (!user) return;
    const counted = await perWindow?.(request);
    if (counted && !counted.isAllowed && counted.isExceeded)
      throw new AppError('TOO_MANY_READS', undefined, {
        'retry-after': String(Math.max(1, counted.ttlInSeconds)),
      });
    if (readsInFlightPerUser <= 0) return;
    const key = `user-${user.id}`;
    // Null when the shared counter cannot be reached: the read goes through uncounted (shared-counters.ts).
    const admitted = await inFlight.acquire(key, readsInFlightPerUser).catch(() => null);
    if (admitted === false) throw new AppError('TOO_MANY_READS', undefined, { 'retry-after': '1' });
    if (admitted) holding.set(request, key);
  };

  // onSend runs once the reply is ready, whether the handler answered or threw, and also when the
  // client has already gone away: the slot is held exactly as long as the work.
  const releaseRead: onSendHookHandler = async (request, _reply, payload) => {
    const key = holding.get(request);
    if (key !== undefined) {
      holding.delete(request);
      await inFlight.release(key).catch(() => {});
    }
    return payload;
  };

  // Only on the listed reads: every other request passes no hook of this module.
  app.addHook('onRoute', (route) => {
    if (!routeMethods(route).some((method) => isExpensiveRead(method, route.url))) return;
    appendRouteHook(route, 'onRequest', limitRead);
    appendRouteHook(route, 'onSend', releaseRead);
  });
}
