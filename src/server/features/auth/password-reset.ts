import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { passwordResetTokens, sessions, users } from '#server/db/schema.ts';
import { emailLanguage } from '#server/email/languages.ts';
import { queueEmail } from '#server/email/outbox.ts';
import { passwordChangedEmail } from '#server/email/templates/password-changed.ts';
import { passwordResetEmail } from '#server/email/templates/password-reset.ts';
import type { ResetPasswordInput } from '#shared/schemas/auth.ts';
import { linksSentSince, newLinkToken, usableToken } from './account-tokens.ts';
import type { RequestMeta, SignedIn } from './auth-service.ts';
import { linkTo } from './links.ts';
import { clearLoginAttempts } from './login-attempts.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { sessionCacheOf } from './session-cache.ts';
import { createSession } from './sessions.ts';

const HOUR = 3_600_000;
export const RESET_LINK_MS = HOUR;
/** Reset emails one address receives per hour; further requests get the same reply and send nothing. */
export const RESET_EMAILS_PER_HOUR = 3;

/**
 * How long a forgot-password request takes at least. Storing the token and the email takes about
 * 10 ms more than finding no account (measured on both engines); answering no sooner than this
 * hides that difference unless the database is slower than this floor.
 */
export const FORGOT_PASSWORD_FLOOR_MS = 120;

/**
 * Sends a reset link when an account has this address. The caller answers the same either way, so
 * this returns nothing; the token and the email are made whether or not they are stored, and the
 * answer waits for FORGOT_PASSWORD_FLOOR_MS, so both paths take as long.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, base: string, ip: string) {
  const started = performance.now();
  await storeResetLink(ctx, email, base, ip);
  const left = FORGOT_PASSWORD_FLOOR_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
}

async function storeResetLink(ctx: AppContext, email: string, base: string, ip: string) {
  const now = ctx.clock.now();
  const { token, tokenHash } = newLinkToken();
  const address = email.trim().toLowerCase();
  await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, fullName: users.fullName, language: users.language })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`)
      .limit(1)
      .for('update');
    const language = emailLanguage(user?.language);
    const message = passwordResetEmail(language, user?.fullName ?? '', linkTo(base, 'reset-password', token));
    if (!user) return;
    const recent = await linksSentSince(tx, passwordResetTokens, user.id, new Date(now.getTime() - HOUR));
    if (recent >= RESET_EMAILS_PER_HOUR) return;
    await tx.insert(passwordResetTokens).values({
      tokenHash,
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_MS),
    });
    await queueEmail(tx, {
      ...message,
      userId: user.id,
      to: user.email,
      language,
      kind: 'password_reset',
      now,
    });
    await recordAudit(tx, { action: 'password_reset_requested', actorUserId: user.id, ip, at: now });
  });
}

/**
 * Sets a new password from a reset link: the link is used up (with every other open reset link of
 * the user), every session of the user ends, and this browser is signed in with a new one. Reaching
 * the link proves the address, so an unconfirmed one counts as confirmed from now on.
 */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordInput,
  meta: RequestMeta & { base: string },
): Promise<SignedIn> {
  if (await isCommonPassword(input.password)) throw new AppError('PASSWORD_TOO_COMMON');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const signedIn = await ctx.database.db.transaction(async (tx) => {
    const row = await usableToken(tx, passwordResetTokens, input.token, now);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, row.userId))
      .returning();
    if (!user) throw new AppError('LINK_INVALID');
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await clearLoginAttempts(tx, user.username.toLowerCase());
    const session = await createSession(tx, user.id, now, ctx.config.session, meta.userAgent);
    const language = emailLanguage(user.language);
    const message = passwordChangedEmail(language, user.fullName, `${meta.base}/forgot-password`);
    await queueEmail(tx, {
      ...message,
      userId: user.id,
      to: user.email,
      language,
      kind: 'password_changed',
      now,
    });
    await recordAudit(tx, {
      action: 'password_reset',
      actorUserId: user.id,
      subject: user.username,
      ip: meta.ip,
      at: now,
    });
    return { user, ...session };
  });
  // Every old session ended: this instance forgets them before answering (the reset is not signed in).
  sessionCacheOf(ctx.database.db)?.forgetUser(signedIn.user.id);
  return signedIn;
}
