import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { userVerifications } from '#server/db/verification-schema.ts';
import { deliverPaymentEventLater } from '#server/payments/events.ts';
import { type PendingVerification, paymentProviderFor } from '#server/payments/provider.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { lockVerificationRow } from './record.ts';

/** Where the processor's page sends the person back to when they are done (on this app's origin). */
export const IDENTITY_RETURN_PATH = '/dashboard';

/**
 * POST /api/stripe/identity-verification: opens a session at the processor (outside any
 * transaction: that call cannot be undone), then records it as pending. Starting again replaces an
 * unfinished or failed session; the outcome of a replaced one is ignored when it arrives.
 */
export async function startIdentityVerification(
  ctx: AppContext,
  user: SessionUser,
  request: { ip: string; origin: string },
) {
  const { ip } = request;
  const { db } = ctx.database;
  const [current] = await db
    .select({ status: userVerifications.identityStatus })
    .from(userVerifications)
    .where(eq(userVerifications.userId, user.id));
  if (current?.status === 'verified') throw new AppError('ALREADY_VERIFIED');

  const provider = paymentProviderFor(ctx.config.payments);
  let session: PendingVerification;
  try {
    session = await provider.createIdentityVerification({
      userId: user.id,
      // Absolute: a processor's page on its own domain sends the browser back here.
      returnUrl: new URL(IDENTITY_RETURN_PATH, request.origin).href,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('PROVIDER_UNAVAILABLE');
  }
  if (!session.url) throw new AppError('PROVIDER_UNAVAILABLE');

  const now = ctx.clock.now();
  await inTransaction(db, async (tx) => {
    const row = await lockVerificationRow(tx, user.id, now);
    // Verified by an earlier session while this one was being opened.
    if (row.identityStatus === 'verified') throw new AppError('ALREADY_VERIFIED');
    await tx
      .update(userVerifications)
      .set({
        identityStatus: 'pending',
        identityProviderRef: session.providerRef,
        identityFailureReason: null,
        updatedAt: now,
      })
      .where(eq(userVerifications.userId, user.id));
    await recordAudit(tx, {
      action: 'identity_verification_started',
      actorUserId: user.id,
      subject: session.providerRef,
      ip,
      details: { provider: provider.info.name },
      at: now,
    });
    if (session.simulatedOutcome) await deliverPaymentEventLater(tx, session.simulatedOutcome);
  });
  return { verificationUrl: session.url };
}
