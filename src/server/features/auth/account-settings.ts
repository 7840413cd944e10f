import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import type { Db } from '#server/db/client.ts';
import { emailVerificationTokens, users } from '#server/db/schema.ts';
import { emailLanguage } from '#server/email/languages.ts';
import { queueEmail } from '#server/email/outbox.ts';
import { passwordChangedEmail } from '#server/email/templates/password-changed.ts';
import { verifyEmailEmail } from '#server/email/templates/verify-email.ts';
import type { ChangeEmailInput, ChangePasswordInput, ProfileInput } from '#shared/schemas/settings.ts';
import { newLinkToken } from './account-tokens.ts';
import { endOtherSessions } from './device-sessions.ts';
import { VERIFICATION_LINK_MS } from './email-verification.ts';
import { linkTo } from './links.ts';
import { clearLoginAttempts, countLoginAttempt } from './login-attempts.ts';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';

type Meta = { ip: string; base: string; token: string };

/** Name, language, time zone: only the fields sent change. */
export async function updateProfile(ctx: AppContext, userId: number, input: ProfileInput, ip: string) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return;
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set(changes).where(eq(users.id, userId));
    await recordAudit(tx, {
      action: 'profile_updated',
      actorUserId: userId,
      ip,
      at: now,
      details: { fields: Object.keys(changes) },
    });
  });
}

/**
 * The current password, checked like a sign-in: guesses count against the same per-account window
 * as the login form (decision 0019), so a stolen session cannot try passwords faster than a stranger.
 */
async function checkCurrentPassword(ctx: AppContext, user: SessionUser, password: string, ip: string) {
  const { db } = ctx.database;
  const subject = user.username.toLowerCase();
  const now = ctx.clock.now();
  const refusal = await countLoginAttempt(db, subject, now, ctx.config.limits);
  if (refusal) throw refusal.error;
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!(await verifyPassword(row?.passwordHash ?? null, password))) {
    await recordAudit(db, { action: 'login_failure', actorUserId: user.id, subject, ip, at: now });
    throw new AppError('CURRENT_PASSWORD_WRONG');
  }
  await clearLoginAttempts(db, subject);
}

/** New password: every other session ends, this one stays, and the address hears about it. */
export async function changePassword(
  ctx: AppContext,
  user: SessionUser,
  input: ChangePasswordInput,
  meta: Meta,
) {
  await checkCurrentPassword(ctx, user, input.currentPassword, meta.ip);
  if (await isCommonPassword(input.newPassword)) throw new AppError('PASSWORD_TOO_COMMON');
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endOtherSessions(tx, user.id, meta.token);
    const language = emailLanguage(user.language);
    const message = passwordChangedEmail(language, user.fullName, `${meta.base}/forgot-password`, {
      keptThisDevice: true,
    });
    await queueEmail(tx, {
      ...message,
      userId: user.id,
      to: user.email,
      language,
      kind: 'password_changed',
      now,
    });
    await recordAudit(tx, { action: 'password_changed', actorUserId: user.id, ip: meta.ip, at: now });
  });
}

/** How long a change request takes at least, so a taken address answers as slowly as a free one. */
const EMAIL_CHANGE_FLOOR_MS = 80;

/**
 * Sends a confirmation link to the new address; nothing changes until it is opened (verifyEmail).
 * An address another account has gets the same reply and no link: whose it is stays unsaid, and
 * the owner of that address is not mailed by a stranger.
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: SessionUser,
  input: ChangeEmailInput,
  meta: Meta,
) {
  await checkCurrentPassword(ctx, user, input.currentPassword, meta.ip);
  const started = performance.now();
  const address = input.newEmail.toLowerCase();
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`)
      .limit(1);
    if (taken) return;
    await sendEmailChangeLink(tx, user, address, meta.base, now);
    await recordAudit(tx, { action: 'email_change_requested', actorUserId: user.id, ip: meta.ip, at: now });
  });
  const left = EMAIL_CHANGE_FLOOR_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
}

async function sendEmailChangeLink(tx: Db, user: SessionUser, address: string, base: string, now: Date) {
  // One open change at a time: an earlier link (maybe to a mistyped address) stops working.
  await tx
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.userId, user.id),
        eq(emailVerificationTokens.purpose, 'change'),
        isNull(emailVerificationTokens.usedAt),
      ),
    );
  const { token, tokenHash } = newLinkToken();
  await tx.insert(emailVerificationTokens).values({
    tokenHash,
    userId: user.id,
    email: address,
    purpose: 'change',
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_LINK_MS),
  });
  const language = emailLanguage(user.language);
  const email = verifyEmailEmail(language, user.fullName, linkTo(base, 'verify-email', token), {
    newAddress: true,
  });
  await queueEmail(tx, { ...email, userId: user.id, to: address, language, kind: 'verify_email', now });
}
