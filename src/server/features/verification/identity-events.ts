import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { notify } from '#server/core/notify.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { userVerifications } from '#server/db/verification-schema.ts';
import type { PaymentEvent } from '#server/payments/provider.ts';

/**
 * Applies a processor's identity-check outcome to the person's verification record. Idempotent:
 * only a pending check whose current session is the event's changes, so a repeated, late or
 * replaced session's event does nothing.
 */
export async function identityEventReceived(ctx: AppContext, event: PaymentEvent) {
  if (event.type !== 'identity.verified' && event.type !== 'identity.failed') return null;
  return inTransaction(ctx.database.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(userVerifications)
      .where(eq(userVerifications.identityProviderRef, event.providerRef))
      .for('update');
    if (row?.identityStatus !== 'pending') return row ?? null;
    const now = ctx.clock.now();
    const failure = event.type === 'identity.failed' ? event : null;
    const verified = failure === null;
    const [updated] = await tx
      .update(userVerifications)
      .set(
        failure
          ? { identityStatus: 'failed', identityFailureReason: failure.failureCode, updatedAt: now }
          : {
              identityStatus: 'verified',
              identityVerifiedAt: now,
              identityFailureReason: null,
              updatedAt: now,
            },
      )
      .where(eq(userVerifications.userId, row.userId))
      .returning();
    await recordAudit(tx, {
      action: verified ? 'identity_verified' : 'identity_verification_failed',
      actorUserId: row.userId,
      subject: event.providerRef,
      details: failure ? { code: failure.failureCode, message: failure.failureMessage } : {},
      at: now,
    });
    await notify(
      tx,
      now,
      [row.userId],
      verified ? 'identity_verified' : 'identity_verification_failed',
      null,
      {},
    );
    return updated!;
  });
}
