import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { Database, Db } from '#server/db/client.ts';
import type { Unlisten } from '#server/db/listen.ts';
import { appendRouteHook, routeMethods } from '#server/http/route-hooks.ts';
import type { SessionUser } from './sessions.ts';

/**
 * Who a session belongs to, kept in memory for a few seconds (issue 18): a page's burst of calls
 * then costs one database round trip instead of one each. Correct only because every change that could
 * make an entry wrong (a session deleted or its expiry changed, its person changed or deleted) raises a
 * NOTIFY on this channel from a trigger (drizzle/0028), whichever instance or statement made it; every
 * instance's listener forgets that person at once. While the listener is not connected, nothing is
 * cached. The expiry, idle limit and last-seen touch are still checked on every request (sessions.ts).
 */
const SESSION_CHANGES_CHANNEL = 'savecircle_sessions';

/** A bound on staleness should a notification ever be missed, and on memory. */
const ENTRY_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

type CachedSession = { user: Readonly<SessionUser>; expiresAtMs: number; lastSeenAtMs: number };
type Entry = CachedSession & { storedAt: number };

class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private live = true;
  /** Bumped by every change heard: a lookup that began before one may not store what it read. */
  private generation = 0;

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (performance.now() - entry.storedAt > ENTRY_TTL_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** A token for `store`: taken before reading the session from the database. */
  begin(): number {
    return this.generation;
  }

  /** Keeps what a lookup read, unless a change was heard since it began (it may have read the old row). */
  store(tokenHash: string, session: CachedSession, begun: number) {
    if (!this.live || begun !== this.generation) return;
    this.entries.delete(tokenHash);
    // A Map iterates in insertion order: the first key is the oldest entry.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { ...session, storedAt: performance.now() });
  }

  forgetUser(userId: number) {
    this.generation++;
    for (const [tokenHash, entry] of this.entries)
      if (entry.user.id === userId) this.entries.delete(tokenHash);
  }

  forgetEveryone() {
    this.generation++;
    this.entries.clear();
  }

  /** The listener lost its connection: whatever changed meanwhile went unheard. */
  suspend() {
    this.live = false;
    this.forgetEveryone();
  }

  resume() {
    this.generation++;
    this.live = true;
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The cache of this database's sessions, when a listener keeps it correct; otherwise none. */
export function sessionCacheOf(db: Db): SessionCache | undefined {
  return caches.get(db);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route cannot change anything a session carries (the person's name, email, bank summary,
     * role; their sessions): its writes leave this instance's cached sessions of them in place.
     * For the hot money writes (issue 18), which would otherwise cost the next call a lookup.
     */
    leavesSessionAlone?: boolean;
  }
}

/**
 * Caches the app's sessions while it runs. A request that may have changed its own person (a profile,
 * a password, a device signed out, a logout) forgets them on this instance before its answer leaves:
 * the notification would arrive a moment later, and the page's next call must see the change.
 */
export async function cacheSessions(app: FastifyInstance) {
  const stop = await startSessionCache(app.ctx.database);
  const forgetWriter: onSendHookHandler = async (request, _reply, payload) => {
    if (request.user) sessionCacheOf(app.ctx.database.db)?.forgetUser(request.user.id);
    return payload;
  };
  // Only on the routes that write: a read passes no hook of this module.
  app.addHook('onRoute', (route) => {
    const writes = routeMethods(route).some((method) => !SAFE_METHODS.has(method));
    if (writes && !route.config?.leavesSessionAlone) appendRouteHook(route, 'onSend', forgetWriter);
  });
  app.addHook('onClose', async () => stop());
}

/** Starts caching this database's sessions; the returned function stops it. */
async function startSessionCache(database: Database): Promise<Unlisten> {
  const cache = new SessionCache();
  const unlisten = await database.listen(SESSION_CHANGES_CHANNEL, {
    onPayload: (payload) => {
      const userId = Number(payload);
      if (Number.isInteger(userId)) cache.forgetUser(userId);
      else cache.forgetEveryone();
    },
    onLost: () => cache.suspend(),
    onReconnect: () => cache.resume(),
  });
  caches.set(database.db, cache);
  return async () => {
    caches.delete(database.db);
    cache.suspend();
    await unlisten();
  };
}
