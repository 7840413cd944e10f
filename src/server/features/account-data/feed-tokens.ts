import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { calendarFeeds } from '#server/db/schema.ts';

/** 256 random bits in base64url: 43 characters. Anything else cannot be a feed token. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates the user's feed or replaces it: the old hash is overwritten in the same statement, so the
 * old URL stops working at once. Returns the token, which is never stored.
 */
export async function issueFeedToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashFeedToken(token);
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash, createdAt: now, lastFetchedAt: null },
    });
  return token;
}

export async function revokeFeed(db: Db, userId: number): Promise<boolean> {
  const gone = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning();
  return gone.length > 0;
}

export async function feedStatus(db: Db, userId: number) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return {
    active: row !== undefined,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null,
  };
}

/**
 * The user a feed token belongs to, or null. The lookup is by the SHA-256 of the token: an attacker
 * cannot choose the hash's prefix, so index timing says nothing about a real token (as for sessions).
 * A malformed token is hashed and looked up too, so it takes the same path as a wrong one.
 */
export async function feedOwner(db: Db, token: string, now: Date): Promise<number | null> {
  const well = TOKEN_PATTERN.test(token);
  const [row] = await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: now })
    .where(eq(calendarFeeds.tokenHash, hashFeedToken(well ? token : `malformed:${token}`)))
    .returning({ userId: calendarFeeds.userId });
  return well && row ? row.userId : null;
}
