import { eq, lt, sql } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { loginAttempts } from '#server/db/schema.ts';

export type LoginAttemptPolicy = { loginFailuresPerAccount: number; loginFailureWindowMs: number };

/** Refused: the window already held the allowed attempts. `first` for the attempt that hit the lock. */
export type LoginRefusal = { first: boolean; error: AppError };

/**
 * Counts one sign-in attempt for `subject` before any password is checked; answers a refusal when
 * the window already holds the allowed number. One upsert statement: of sixty concurrent guesses each
 * gets its own number (the row lock orders them), so at most the allowed few reach argon2. The
 * window starts at its first attempt and the lock lasts until it ends (Retry-After says when).
 */
export async function countLoginAttempt(
  db: Db,
  subject: string,
  now: Date,
  policy: LoginAttemptPolicy,
): Promise<LoginRefusal | null> {
  const windowStart = new Date(now.getTime() - policy.loginFailureWindowMs);
  const expired = sql`${loginAttempts.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ subject, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.subject,
      set: {
        attempts: sql`case when ${expired} then 1 else ${loginAttempts.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStartedAt} end`,
      },
    })
    .returning({ attempts: loginAttempts.attempts, windowStartedAt: loginAttempts.windowStartedAt });
  if (!row || row.attempts <= policy.loginFailuresPerAccount) return null;
  const retryAt = row.windowStartedAt.getTime() + policy.loginFailureWindowMs;
  const seconds = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
  return {
    first: row.attempts === policy.loginFailuresPerAccount + 1,
    error: new AppError('TOO_MANY_REQUESTS', undefined, { 'retry-after': String(seconds) }),
  };
}

/** A successful sign-in starts the count afresh. */
export async function clearLoginAttempts(db: Db, subject: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.subject, subject));
}

/** Housekeeping: windows that ended lock nobody and can go (guessed usernames would pile up). */
export async function deleteOldLoginAttempts(db: Db, now: Date, policy: LoginAttemptPolicy) {
  const windowStart = new Date(now.getTime() - policy.loginFailureWindowMs);
  await db.delete(loginAttempts).where(lt(loginAttempts.windowStartedAt, windowStart));
}
