import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { emailVerificationTokens, users } from '#server/db/schema.ts';
import { emailLanguage } from '#server/email/languages.ts';
import { queueEmail } from '#server/email/outbox.ts';
import { emailChangedEmail } from '#server/email/templates/email-changed.ts';
import { verifyEmailEmail } from '#server/email/templates/verify-email.ts';
import { linksSentSince, newLinkToken, usableToken } from './account-tokens.ts';
import { linkTo } from './links.ts';

const HOUR = 3_600_000;
export const VERIFICATION_LINK_MS = 48 * HOUR;
/** Verification emails one person may ask for per hour (the one sent at sign-up counts). */
export const VERIFICATION_EMAILS_PER_HOUR = 3;

type Recipient = { id: number; email: string; fullName: string; language: string };

/** Issues a verification link for the user's current address and queues its email, in the caller's transaction. */
export async function sendVerificationEmail(tx: Db, user: Recipient, base: string, now: Date) {
  const { token, tokenHash } = newLinkToken();
  await tx.insert(emailVerificationTokens).values({
    tokenHash,
    userId: user.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_LINK_MS),
  });
  const language = emailLanguage(user.language);
  const email = verifyEmailEmail(language, user.fullName, linkTo(base, 'verify-email', token));
  await queueEmail(tx, { ...email, userId: user.id, to: user.email, language, kind: 'verify_email', now });
}

/** Another link for a signed-in user whose address is not confirmed yet; a few an hour at most. */
export async function resendVerification(
  ctx: AppContext,
  user: Recipient & { emailVerifiedAt: Date | null },
  base: string,
) {
  if (user.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED');
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    // Locks the user's row: two resends at once count each other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const sent = await linksSentSince(tx, emailVerificationTokens, user.id, new Date(now.getTime() - HOUR));
    if (sent >= VERIFICATION_EMAILS_PER_HOUR)
      throw new AppError('TOO_MANY_REQUESTS', undefined, { 'retry-after': '3600' });
    await sendVerificationEmail(tx, user, base, now);
  });
}

/**
 * Confirms the address the link was sent to. Public: the link may open in a browser that is not
 * signed in. A link for an address the user no longer has confirms nothing (invalid).
 */
export async function verifyEmail(ctx: AppContext, token: string, ip: string, base: string) {
  const now = ctx.clock.now();
  await ctx.database.db
    .transaction(async (tx) => {
      const row = await usableToken(tx, emailVerificationTokens, token, now);
      if (row.purpose === 'change') return confirmEmailChange(tx, row, now, ip, base);
      await tx
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(eq(emailVerificationTokens.tokenHash, row.tokenHash));
      const [user] = await tx
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, row.userId), eq(users.email, row.email), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      if (user) await recordAudit(tx, { action: 'email_verified', actorUserId: user.id, ip, at: now });
      else {
        const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
        if (current?.email !== row.email) throw new AppError('LINK_INVALID');
      }
    })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update: the link names nothing now.
      if (takenMeanwhile(error)) throw new AppError('LINK_INVALID');
      throw error;
    });
}

function takenMeanwhile(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.cause ?? e;
  return pg?.code === '23505' && pg.constraint === 'users_email_lower_idx';
}

/**
 * A link sent from /settings: the account moves to the new address (confirmed by this very link) and
 * the old address gets a security notice. If another account took the address meanwhile, the link
 * is invalid and nothing changes.
 */
async function confirmEmailChange(
  tx: Db,
  row: typeof emailVerificationTokens.$inferSelect,
  now: Date,
  ip: string,
  base: string,
) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.email.toLowerCase()}`)
    .limit(1);
  if (taken) throw new AppError('LINK_INVALID');
  const [before] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
  if (!before) throw new AppError('LINK_INVALID');
  await tx
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailVerificationTokens.userId, row.userId), isNull(emailVerificationTokens.usedAt)));
  await tx.update(users).set({ email: row.email, emailVerifiedAt: now }).where(eq(users.id, row.userId));
  const language = emailLanguage(before.language);
  const notice = emailChangedEmail(language, before.fullName, row.email, `${base}/forgot-password`);
  await queueEmail(tx, {
    ...notice,
    userId: before.id,
    to: before.email,
    language,
    kind: 'email_changed',
    now,
  });
  await recordAudit(tx, {
    action: 'email_changed',
    actorUserId: before.id,
    ip,
    at: now,
    details: { from: before.email, to: row.email },
  });
}
