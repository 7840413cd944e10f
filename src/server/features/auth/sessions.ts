import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { SessionUser } from '#server/core/identity.ts';
import type { Db } from '#server/db/client.ts';
import { isoInstant } from '#server/db/json-row.ts';
import { jsonStatement } from '#server/db/json-statement.ts';
import { sessions, users } from '#server/db/schema.ts';
import { sessionCacheOf } from './session-cache.ts';

export type SessionPolicy = { idleMs: number; absoluteMs: number };

// Refreshing last-seen on every request would turn every read into a write.
const TOUCH_AFTER_MS = 60_000;

export function hashToken(token: string): string {
  return hash('sha256', token);
}

/** Creates a session and returns its token: 256 random bits, base64url. Only its hash is stored. */
export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  policy: SessionPolicy,
  userAgent?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + policy.absoluteMs);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

export type { SessionUser };

/** The session's person as the lookup answers it (dates as text). */
type SessionRowUser = Omit<SessionUser, 'createdAt' | 'emailVerifiedAt'> & {
  createdAt: string;
  emailVerifiedAt: string | null;
};

type SessionRow = {
  user: SessionRowUser;
  lastSeenAt: string;
  expiresAt: string;
};

// Every authenticated request the session cache cannot answer runs this query: one statement,
// planned once per connection on both engines (json-statement.ts).
const sessionLookup = jsonStatement<{ tokenHash: string; now: string; idleSince: string }, SessionRow>(
  'find_session_user',
  (db) =>
    db
      .select({
        data: sql<SessionRow>`json_build_object('user', json_build_object('id', ${users.id}, 'username', ${users.username},
        'fullName', ${users.fullName}, 'email', ${users.email}, 'bankAccountLast4', ${users.bankAccountLast4},
        'bankAccountVerified', ${users.bankAccountVerified}, 'isOperator', ${users.isOperator},
        'language', ${users.language}, 'timeZone', ${users.timeZone}, 'emailVerifiedAt', ${isoInstant(users.emailVerifiedAt)},
        'createdAt', ${isoInstant(users.createdAt)}), 'lastSeenAt', ${isoInstant(sessions.lastSeenAt)},
        'expiresAt', ${isoInstant(sessions.expiresAt)})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
          gt(sessions.lastSeenAt, sql`${sql.placeholder('idleSince')}::timestamptz`),
        ),
      )
      .limit(1),
);

/** The user behind a live session, or null when the token is unknown, idle too long or expired. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const nowMs = now.getTime();
  const idleSinceMs = nowMs - policy.idleMs;
  const cache = sessionCacheOf(db);
  const cached = cache?.get(tokenHash);
  // The same three conditions as the query, and no touch due: otherwise the database decides.
  if (
    cached &&
    cached.expiresAtMs > nowMs &&
    cached.lastSeenAtMs > idleSinceMs &&
    nowMs - cached.lastSeenAtMs <= TOUCH_AFTER_MS
  )
    return cached.user;

  const begun = cache?.begin() ?? 0;
  const row = await sessionLookup(db, {
    tokenHash,
    now: now.toISOString(),
    idleSince: new Date(idleSinceMs).toISOString(),
  });
  if (!row) return null;
  let lastSeenAtMs = Date.parse(row.lastSeenAt);
  if (nowMs - lastSeenAtMs > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    lastSeenAtMs = nowMs;
  }
  const user = sessionUserOf(row.user);
  cache?.store(tokenHash, { user, expiresAtMs: Date.parse(row.expiresAt), lastSeenAtMs }, begun);
  return user;
}

/**
 * Made once per lookup and then shared by every request the cache answers with it (issue 18: making
 * it afresh cost each signed-in request two date parses). Frozen, so no route can change it for
 * another (nothing does).
 */
function sessionUserOf(user: SessionRowUser): Readonly<SessionUser> {
  return Object.freeze({
    ...user,
    createdAt: new Date(user.createdAt),
    emailVerifiedAt: user.emailVerifiedAt === null ? null : new Date(user.emailVerifiedAt),
  });
}

export async function revokeSession(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

/** Housekeeping: sessions past either limit can go. */
export async function deleteDeadSessions(db: Db, now: Date, policy: SessionPolicy): Promise<void> {
  const idleSince = new Date(now.getTime() - policy.idleMs);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)));
}

/**
 * Whether a session is still live, without counting the question as activity: a long-lived request
 * (the live update stream) re-checks with this, and an open tab alone does not keep a session from
 * going idle.
 */
export async function sessionIsLive(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<boolean> {
  const idleSince = new Date(now.getTime() - policy.idleMs);
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .limit(1);
  return row !== undefined;
}
