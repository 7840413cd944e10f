import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
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

export type SessionUser = typeof users.$inferSelect;

/** The user behind a live session, or null when the token is unknown, idle too long or expired. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const idleSince = new Date(now.getTime() - policy.idleMs);
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)),
    )
    .limit(1);
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
