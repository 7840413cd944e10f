import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/groups-schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an Idempotency-Key header: a retry gets the first reply and has no second effect. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The claim this request holds; `claimedAt` tells it apart from a later claim of the same key. */
    idempotency: { userId: number; key: string; claimedAt: Date } | null;
  }
}

const WAIT_MS = 10_000;
const POLL_MS = 50;

function requestHash(request: FastifyRequest) {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

type Claim = { userId: number; key: string; route: string; requestHash: string };

/**
 * Claims the key with an insert, or takes over a claim that has had no reply for `abandonMs`: the
 * request behind it died with its process (IDEMPOTENCY_ABANDON_SECONDS). One statement, so a
 * concurrent claim of the same key waits for it. Returns the claim's time, or null when someone
 * else holds the key.
 */
async function tryClaim(db: Db, claim: Claim, now: Date, abandonMs: number): Promise<Date | null> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...claim, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { route: claim.route, requestHash: claim.requestHash, createdAt: now },
      setWhere: and(
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - abandonMs)),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0 ? now : null;
}

/**
 * Pre-handler for idempotent routes (the session was checked on request). The first request with a key claims it with an
 * insert; PostgreSQL makes a concurrent insert of the same key wait for that claim, and every later
 * request replays the stored reply (or waits for it while the first is still running, and takes the
 * key over once that claim is abandoned).
 */
export async function claimIdempotencyKey(request: FastifyRequest, reply: FastifyReply) {
  const key = request.headers['idempotency-key'];
  if (!request.routeOptions.config.idempotent || typeof key !== 'string' || !request.user) return;
  if (key.length === 0 || key.length > 200)
    throw new AppError('VALIDATION_ERROR', 'Idempotency-Key must be 1-200 characters');
  const { ctx } = request.server;
  const { db } = ctx.database;
  const abandonMs = ctx.config.idempotencyAbandonMs;
  const userId = request.user.id;
  const claim = {
    userId,
    key,
    route: request.routeOptions.url ?? request.url,
    requestHash: requestHash(request),
  };
  const deadline = Date.now() + WAIT_MS;
  let claimable = true;
  for (;;) {
    const claimedAt = claimable ? await tryClaim(db, claim, ctx.clock.now(), abandonMs) : null;
    if (claimedAt) {
      request.idempotency = { userId, key, claimedAt };
      return;
    }
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (row && row.requestHash !== claim.requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    if (row?.statusCode) {
      return reply
        .status(row.statusCode)
        .header('idempotent-replayed', 'true')
        .header('content-type', 'application/json; charset=utf-8')
        .send(row.response);
    }
    if (Date.now() > deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    // Freed by a server error, or abandoned: try to claim it on the next turn.
    claimable = !row || row.createdAt.getTime() < ctx.clock.now().getTime() - abandonMs;
    if (!claimable) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  // Store the reply of the request that claimed the key; a server error frees the key for a retry.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    const { db } = request.server.ctx.database;
    // Only this request's own claim: if it was taken over as abandoned, the new owner's stays.
    const where = and(
      eq(idempotencyKeys.userId, claim.userId),
      eq(idempotencyKeys.key, claim.key),
      eq(idempotencyKeys.createdAt, claim.claimedAt),
    );
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      const body = typeof payload === 'string' ? payload : null;
      await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response: body }).where(where);
    }
    return payload;
  });
}
