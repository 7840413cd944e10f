import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { recordProductEvent } from '#server/core/product-events.ts';
import { userSignedUp } from '#server/core/sign-up-listeners.ts';
import { users } from '#server/db/schema.ts';
import type { LoginInput, RegisterInput } from '#shared/schemas/auth.ts';
import { browserLabel } from './browser-label.ts';
import { sendVerificationEmail } from './email-verification.ts';
import { clearLoginAttempts, countLoginAttempt } from './login-attempts.ts';
import { warnOfNewDevice } from './new-device.ts';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
import { sessionCacheOf } from './session-cache.ts';
import { createSession, revokeSession, type SessionUser } from './sessions.ts';

export type RequestMeta = {
  ip: string;
  userAgent?: string;
  previousToken?: string | null;
  /** Where links in emails point (links.ts). */
  base?: string;
};
export type SignedIn = { user: SessionUser; token: string; expiresAt: Date };

function isUniqueViolation(error: unknown, index: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e?.cause ?? e;
  return pgError?.code === '23505' && pgError.constraint === index;
}

export async function register(ctx: AppContext, input: RegisterInput, meta: RequestMeta): Promise<SignedIn> {
  const { db } = ctx.database;
  if (await isCommonPassword(input.password)) throw new AppError('PASSWORD_TOO_COMMON');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const isOperator = ctx.config.operatorUsernames.includes(input.username.toLowerCase());
  const { referralCode, ...fields } = input;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          ...fields,
          email: input.email.toLowerCase(),
          language: input.language ?? 'en',
          passwordHash,
          isOperator,
          operatorSource: isOperator ? 'env' : null,
          createdAt: now,
        })
        .returning();
      if (!user) throw new AppError('INTERNAL_ERROR');
      await userSignedUp(tx, { userId: user.id, referralCode, at: now });
      await recordProductEvent(tx, { name: 'sign_up', userId: user.id, at: now });
      if (meta.base) await sendVerificationEmail(tx, user, meta.base, now);
      const session = await createSession(tx, user.id, now, ctx.config.session, meta.userAgent);
      await recordAudit(tx, {
        action: 'sign_up',
        actorUserId: user.id,
        subject: user.username,
        ip: meta.ip,
        at: now,
        // The first device: signing in from it later is not news (new-device.ts).
        details: { device: browserLabel(meta.userAgent) },
      });
      return { user, ...session };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_lower_idx')) throw new AppError('USERNAME_TAKEN');
    if (isUniqueViolation(error, 'users_email_lower_idx')) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

export async function login(ctx: AppContext, input: LoginInput, meta: RequestMeta): Promise<SignedIn> {
  const { db } = ctx.database;
  const subject = input.username.trim().toLowerCase();
  const now = ctx.clock.now();
  // Counted before the password is checked: concurrent guesses cannot all get past a stale count.
  const refusal = await countLoginAttempt(db, subject, now, ctx.config.limits);
  if (refusal) {
    // Once per lock, not once per refused guess: the failures before it are already recorded.
    if (refusal.first) await recordAudit(db, { action: 'login_locked', subject, ip: meta.ip, at: now });
    throw refusal.error;
  }

  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = ${subject}`).limit(1);
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
    await recordAudit(db, { action: 'login_failure', actorUserId: user?.id, subject, ip: meta.ip, at: now });
    throw new AppError('INVALID_CREDENTIALS');
  }

  let planted: number | null = null;
  const signedIn = await db.transaction(async (tx) => {
    // A new session on every login: a token planted before sign-in is worth nothing after it.
    if (meta.previousToken) planted = await revokeSession(tx, meta.previousToken);
    const session = await createSession(tx, user.id, now, ctx.config.session, meta.userAgent);
    await clearLoginAttempts(tx, subject);
    const device = browserLabel(meta.userAgent);
    await warnOfNewDevice(tx, user, device, now, meta.base);
    await recordAudit(tx, {
      action: 'login_success',
      actorUserId: user.id,
      subject,
      ip: meta.ip,
      at: now,
      details: { device },
    });
    await recordProductEvent(tx, { name: 'login', userId: user.id, at: now });
    return { user, ...session };
  });
  // Login is not signed in: nothing else makes this instance forget the replaced session at once.
  if (planted !== null) sessionCacheOf(db)?.forgetUser(planted);
  return signedIn;
}

export async function logout(ctx: AppContext, token: string | null, meta: RequestMeta): Promise<void> {
  if (!token) return;
  const { db } = ctx.database;
  const userId = await db.transaction(async (tx) => {
    const revoked = await revokeSession(tx, token);
    if (revoked !== null) {
      await recordAudit(tx, { action: 'logout', actorUserId: revoked, ip: meta.ip, at: ctx.clock.now() });
    }
    return revoked;
  });
  // Signing out needs no live session, so the request has no user for cacheSessions to forget.
  if (userId !== null) sessionCacheOf(db)?.forgetUser(userId);
}
