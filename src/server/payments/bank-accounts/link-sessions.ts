import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import type { Db } from '#server/db/client.ts';
import { bankLinkSessions } from '#server/db/payments-schema.ts';
import { users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { BankLinkSession, BankLinkSessionStatus } from '#shared/schemas/payments.ts';
import { paymentProviderFor } from '../provider.ts';

/** Long enough to find a cheque book, short enough that a forgotten tab is not a way in later. */
export const BANK_LINK_SESSION_TTL_MS = 30 * 60 * 1000;

/** Where a hosted connect page sends the person back to; the page shows the spec's success message. */
export const BANK_LINK_RETURN_URL = '/bank-account?session_complete=true';

export type BankLinkSessionRow = typeof bankLinkSessions.$inferSelect;

export const isExpired = (session: BankLinkSessionRow, now: Date) =>
  session.expiresAt.getTime() <= now.getTime();

/** POST /api/create-financial-connections-session: a one-use session at the provider and here. */
export async function startBankLink(
  ctx: AppContext,
  user: SessionUser,
  ip: string,
): Promise<BankLinkSession> {
  const provider = paymentProviderFor(ctx.config.payments);
  const now = ctx.clock.now();
  const sessionId = `bls_${randomBytes(18).toString('base64url')}`;
  const [stored] = await ctx.database.db
    .select({ customerRef: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, user.id));
  const started = await provider.startBankLink({
    sessionId,
    userId: user.id,
    email: user.email,
    fullName: user.fullName,
    customerRef: stored?.customerRef ?? null,
    returnUrl: BANK_LINK_RETURN_URL,
  });
  const expiresAt = new Date(now.getTime() + BANK_LINK_SESSION_TTL_MS);
  await inTransaction(ctx.database.db, async (tx) => {
    await tx.insert(bankLinkSessions).values({
      id: sessionId,
      userId: user.id,
      provider: provider.info.name,
      providerRef: started.providerRef,
      clientSecretHash: createHash('sha256').update(started.clientSecret).digest('hex'),
      createdAt: now,
      expiresAt,
    });
    // The processor's customer record is reused for every later link (a new one replaces a record
    // the processor no longer knows, e.g. after test keys gave way to live ones).
    if (started.customerRef && started.customerRef !== stored?.customerRef)
      await tx.update(users).set({ stripeCustomerId: started.customerRef }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      action: 'bank_link_started',
      actorUserId: user.id,
      subject: sessionId,
      ip,
      details: { provider: provider.info.name },
      at: now,
    });
  });
  return {
    sessionId,
    clientSecret: started.clientSecret,
    provider: provider.info,
    hostedUrl: started.hostedUrl,
    publishableKey: started.publishableKey,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The user's own session, row-locked when `lock` is set; anyone else's is "not found". */
export async function ownSession(db: Db, userId: number, sessionId: string, lock = false) {
  const query = db
    .select()
    .from(bankLinkSessions)
    .where(and(eq(bankLinkSessions.id, sessionId), eq(bankLinkSessions.userId, userId)));
  const [session] = lock ? await query.for('update') : await query;
  if (!session) throw new AppError('BANK_LINK_SESSION_NOT_FOUND');
  return session;
}

/** Refuses a session that was used or has expired: each one links at most one account. */
export function assertUsable(session: BankLinkSessionRow, now: Date) {
  if (session.status === 'completed') throw new AppError('BANK_LINK_SESSION_USED');
  if (isExpired(session, now)) throw new AppError('BANK_LINK_SESSION_EXPIRED');
}

/** GET /api/bank-link-sessions/:sessionId: lets a hosted page say "expired" before anyone types. */
export async function bankLinkSessionStatus(
  ctx: AppContext,
  user: SessionUser,
  sessionId: string,
): Promise<BankLinkSessionStatus> {
  const session = await ownSession(ctx.database.db, user.id, sessionId);
  const now = ctx.clock.now();
  return {
    sessionId: session.id,
    status: session.status === 'completed' ? 'completed' : isExpired(session, now) ? 'expired' : 'open',
    provider: paymentProviderFor(ctx.config.payments).info,
    expiresAt: session.expiresAt.toISOString(),
  };
}
