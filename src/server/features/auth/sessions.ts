import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema.ts';

export type SessionPolicy = { idleMs: number; absoluteMs: number };

// Refreshing last-seen on every request would turn every read into a write.
const TOUCH_AFTER_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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

const sessionUserColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  bankAccountLast4: users.bankAccountLast4,
  bankAccountVerified: users.bankAccountVerified,
  isOperator: users.isOperator,
  createdAt: users.createdAt,
};

/** What a request knows about its signed-in user: never the password hash. */
export type SessionUser = { [K in keyof typeof sessionUserColumns]: (typeof users.$inferSelect)[K] };

// Every authenticated request runs this query: build it once per database as a prepared statement.
const prepared = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select({ user: sessionUserColumns, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('find_session_user');
}

/** The user behind a live session, or null when the token is unknown, idle too long or expired. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<SessionUser | null> {
  let lookup = prepared.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    prepared.set(db, lookup);
  }
  const tokenHash = hashToken(token);
  const idleSince = new Date(now.getTime() - policy.idleMs);
  const [row] = await lookup.execute({ tokenHash, now, idleSince });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
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
