import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '#server/db/groups-schema.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an Idempotency-Key header: a retry gets the first reply and has no second effect. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string } | null;
  }
}

const WAIT_MS = 10_000;
const POLL_MS = 50;
// A claim with no reply after this long belongs to a request that died; the key can be used again.
const ABANDONED_MS = 60_000;

function requestHash(request: FastifyRequest) {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * Pre-handler for idempotent routes (after requireUser). The first request with a key claims it with an
 * insert; PostgreSQL makes a concurrent insert of the same key wait for that claim, and every later
 * request replays the stored reply (or waits for it while the first is still running).
 */
export async function claimIdempotencyKey(request: FastifyRequest, reply: FastifyReply) {
  const key = request.headers['idempotency-key'];
  if (!request.routeOptions.config.idempotent || typeof key !== 'string' || !request.user) return;
  if (key.length === 0 || key.length > 200)
    throw new AppError('VALIDATION_ERROR', 'Idempotency-Key must be 1-200 characters');
  const { db } = request.server.ctx.database;
  const userId = request.user.id;
  const hash = requestHash(request);
  const now = request.server.ctx.clock.now();
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_MS)),
      ),
    );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      userId,
      key,
      route: request.routeOptions.url ?? request.url,
      requestHash: hash,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) {
    request.idempotency = { userId, key };
    return;
  }
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (row && row.requestHash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    if (row?.statusCode) {
      return reply
        .status(row.statusCode)
        .header('idempotent-replayed', 'true')
        .header('content-type', 'application/json; charset=utf-8')
        .send(row.response);
    }
    if (!row || Date.now() > deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  // Store the reply of the request that claimed the key; a server error frees the key for a retry.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    const { db } = request.server.ctx.database;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      const body = typeof payload === 'string' ? payload : null;
      await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response: body }).where(where);
    }
    return payload;
  });
}
