import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/groups-schema.ts';
import { prepared } from '#server/db/prepared.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { appendRouteHook } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route honours an Idempotency-Key header: a retry gets the first reply and has no second
     * effect. `true`: the key is claimed before the handler and the reply stored after it.
     * 'in-transaction': the handler does its work with keyedTransaction, which claims the key and
     * stores the reply inside the work's own transaction (decision 0052).
     */
    idempotent?: boolean | 'in-transaction';
  }
  interface FastifyRequest {
    /** The claim this request holds; `claimedAt` tells it apart from a later claim of the same key. */
    idempotency: HeldClaim | null;
    /** An in-transaction route's key, which keyedTransaction claims; `failed` once its work was refused. */
    idempotencyInWork: { claim: Claim; failed: boolean } | null;
  }
}

const WAIT_MS = 10_000;
const POLL_MS = 50;
const JSON_TYPE = 'application/json; charset=utf-8';

function requestHash(request: FastifyRequest) {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

type Claim = { userId: number; key: string; route: string; requestHash: string };
type HeldClaim = { userId: number; key: string; claimedAt: Date };

/**
 * Claims the key with an insert, or takes over a claim that has had no reply for `abandonMs`: the
 * request behind it died with its process (IDEMPOTENCY_ABANDON_SECONDS). One statement, so a
 * concurrent claim of the same key waits for it. Returns the claim's time, or null when someone
 * else holds the key.
 */
async function tryClaim(db: Db, claim: Claim, now: Date, abandonMs: number): Promise<Date | null> {
  const claimed = await claimStatement(db, {
    ...claim,
    now,
    abandonedBefore: new Date(now.getTime() - abandonMs),
  });
  return claimed.length > 0 ? now : null;
}

const param = sql.placeholder;

// Built once (db/prepared.ts): every keyed request runs both.
const claimStatement = prepared<Claim & { now: Date; abandonedBefore: Date }, { key: string }[]>(
  'idempotency_claim',
  (db) =>
    db
      .insert(idempotencyKeys)
      .values({
        userId: param('userId'),
        key: param('key'),
        route: param('route'),
        requestHash: param('requestHash'),
        createdAt: param('now'),
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: {
          route: sql`${param('route')}`,
          requestHash: sql`${param('requestHash')}`,
          createdAt: sql`${param('now')}`,
        },
        setWhere: and(
          isNull(idempotencyKeys.statusCode),
          lt(idempotencyKeys.createdAt, param('abandonedBefore')),
        ),
      })
      .returning({ key: idempotencyKeys.key }),
);

/** The row of the claim made at `claimedAt`, not a later claim that took the key over as abandoned. */
const ownClaim = and(
  eq(idempotencyKeys.userId, param('userId')),
  eq(idempotencyKeys.key, param('key')),
  eq(idempotencyKeys.createdAt, param('claimedAt')),
);

const storeReplyStatement = prepared<HeldClaim & { statusCode: number; response: string | null }, unknown>(
  'idempotency_store_reply',
  (db) =>
    db
      .update(idempotencyKeys)
      .set({ statusCode: sql`${param('statusCode')}`, response: sql`${param('response')}` })
      .where(ownClaim),
);

/** A server error frees the key for a retry. */
const releaseClaim = prepared<HeldClaim, unknown>('idempotency_release_claim', (db) =>
  db.delete(idempotencyKeys).where(ownClaim),
);

function storeReply(db: Db, claim: HeldClaim, statusCode: number, response: string | null) {
  return storeReplyStatement(db, { ...claim, statusCode, response });
}

/** The key this request carries on an idempotent route, checked; null when there is none to honour. */
function keyClaim(request: FastifyRequest): Claim | null {
  const key = request.headers['idempotency-key'];
  if (!request.routeOptions.config.idempotent || typeof key !== 'string' || !request.user) return null;
  if (key.length === 0 || key.length > 200)
    throw new AppError('VALIDATION_ERROR', 'Idempotency-Key must be 1-200 characters');
  return {
    userId: request.user.id,
    key,
    route: request.routeOptions.url ?? request.url,
    requestHash: requestHash(request),
  };
}

/**
 * Runs `attempt` (which claims the key, or answers null when someone else holds it) until it succeeds
 * or the key's stored reply can be sent again: a different request under the key is refused, and one
 * still running is waited for, until its claim is abandoned or WAIT_MS has passed.
 */
async function firstOrReplay<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  claim: Claim,
  attempt: () => Promise<T | null>,
): Promise<T | FastifyReply> {
  const { ctx } = request.server;
  const deadline = Date.now() + WAIT_MS;
  let claimable = true;
  for (;;) {
    const done = claimable ? await attempt() : null;
    if (done !== null) return done;
    const [row] = await ctx.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
    if (row && row.requestHash !== claim.requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    if (row?.statusCode) {
      return reply
        .status(row.statusCode)
        .header('idempotent-replayed', 'true')
        .header('content-type', JSON_TYPE)
        .send(row.response);
    }
    if (Date.now() > deadline) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    // Freed by a server error, or abandoned: try to claim it on the next turn.
    claimable = !row || row.createdAt.getTime() < ctx.clock.now().getTime() - ctx.config.idempotencyAbandonMs;
    if (!claimable) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Pre-handler for idempotent routes (the session was checked on request). The first request with a
 * key claims it with an insert; PostgreSQL makes a concurrent insert of the same key wait for that
 * claim, and every later request replays the stored reply (or waits for it while the first is still
 * running, and takes the key over once that claim is abandoned). An 'in-transaction' route's key is
 * only checked here: keyedTransaction claims it.
 */
export async function claimIdempotencyKey(request: FastifyRequest, reply: FastifyReply) {
  const claim = keyClaim(request);
  if (!claim) return;
  if (request.routeOptions.config.idempotent === 'in-transaction') {
    request.idempotencyInWork = { claim, failed: false };
    return;
  }
  const { ctx } = request.server;
  const claimed = await firstOrReplay(request, reply, claim, () =>
    tryClaim(ctx.database.db, claim, ctx.clock.now(), ctx.config.idempotencyAbandonMs),
  );
  if (!(claimed instanceof Date)) return claimed;
  request.idempotency = { userId: claim.userId, key: claim.key, claimedAt: claimed };
}

/** Thrown inside keyedTransaction's transaction when the key is someone else's: nothing is done. */
class KeyHeldElsewhere extends Error {}

/**
 * The work of an 'in-transaction' idempotent route, in one transaction that first claims the request's
 * Idempotency-Key and last stores the reply, written here by the route's own serializer. Work and
 * reply commit together or not at all: a crash leaves no claim without a reply, and a retry never
 * finds an effect without its answer. A concurrent request with the same key waits on the claim's
 * row until this one commits, then sends the stored reply. The work's refusal (an AppError) rolls it
 * all back; the error reply is then stored as any route's is (onSend). Without a key, the work runs
 * in a plain transaction. `work` must be safe to repeat (inTransaction).
 */
export async function keyedTransaction<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Db) => Promise<T>,
): Promise<T | FastifyReply> {
  const inWork = request.idempotencyInWork;
  if (!inWork) return inTransaction(request.server.ctx.database.db, work);
  const twin = `${inWork.claim.userId} ${inWork.claim.key}`;
  // A twin in this process waits here rather than holding a pooled connection on the claim's row lock.
  while (keyedWorkInFlight.has(twin)) await keyedWorkInFlight.get(twin)!.catch(() => {});
  const running = firstOrReplay<FastifyReply>(request, reply, inWork.claim, () =>
    claimAndWork(request, reply, inWork, work),
  );
  keyedWorkInFlight.set(twin, running);
  try {
    return await running;
  } finally {
    keyedWorkInFlight.delete(twin);
  }
}

/** keyedTransaction's work in flight in this process, by user and key. */
const keyedWorkInFlight = new Map<string, Promise<unknown>>();

/** One try: the claim, the work and its stored reply in one transaction; null when the key is held. */
async function claimAndWork<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  inWork: NonNullable<FastifyRequest['idempotencyInWork']>,
  work: (tx: Db) => Promise<T>,
): Promise<FastifyReply | null> {
  const { ctx } = request.server;
  const { claim } = inWork;
  try {
    const body = await inTransaction(ctx.database.db, async (tx) => {
      const now = ctx.clock.now();
      if (!(await tryClaim(tx, claim, now, ctx.config.idempotencyAbandonMs))) throw new KeyHeldElsewhere();
      const answer = reply.serialize(await work(tx));
      if (typeof answer !== 'string') throw new Error('a keyed reply must serialize to a string');
      await storeReply(tx, { ...claim, claimedAt: now }, reply.statusCode, answer);
      return answer;
    });
    return reply.type(JSON_TYPE).send(body);
  } catch (error) {
    if (error instanceof KeyHeldElsewhere) return null;
    inWork.failed = true;
    throw error;
  }
}

export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  app.decorateRequest('idempotencyInWork', null);
  // Store the reply of the request that claimed the key; a server error frees the key for a retry.
  // Only on routes that take a key (keyClaim), so reads and health checks pass no hook for it; a
  // callback hook, since most requests even there carry no key and an async one costs a promise.
  // Added from onRoute before compression adds its own (registered later): it keeps the JSON text.
  const settle: onSendHookHandler = (request, reply, payload, done) => {
    const settling = settleKey(request, reply, payload);
    if (settling) settling.then(() => done(null, payload), done);
    else done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent) appendRouteHook(route, 'onSend', settle);
  });
}

/** What the key of a keyed request keeps of its reply; null when the request has none to keep. */
function settleKey(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> | null {
  const { db } = request.server.ctx.database;
  const body = typeof payload === 'string' ? payload : null;
  const claim = request.idempotency;
  const inWork = request.idempotencyInWork;
  if (claim) {
    if (reply.statusCode < 500) return storeReply(db, claim, reply.statusCode, body);
    return releaseClaim(db, claim);
  }
  if (inWork?.failed && reply.statusCode < 500) {
    // The refused work rolled its claim back; its answer is stored unless a retry got there first.
    return db
      .insert(idempotencyKeys)
      .values({
        ...inWork.claim,
        statusCode: reply.statusCode,
        response: body,
        createdAt: request.server.ctx.clock.now(),
      })
      .onConflictDoNothing()
      .execute();
  }
  return null;
}
