import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireMember } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { paymentSchedules } from '#server/db/autopay-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { verifiedAccountFor } from '#server/payments/bank-accounts/debit-account.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** Only the person themselves turns their auto-pay on or off (spec 001 §6). */
function ownEntry(user: SessionUser, userId: number) {
  if (userId !== user.id) throw new AppError('AUTOPAY_NOT_YOURS');
}

/**
 * Turns on auto-pay for the member in this circle from a verified bank account of theirs (the one
 * named, else their first). From now on each contribution is pulled on its due date.
 */
export async function setupAutoPay(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  userId: number,
  paymentMethodId: number | undefined,
) {
  ownEntry(user, userId);
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireMember(tx, groupId, user.id);
    if (group.status === 'completed') throw new AppError('GROUP_NOT_ACTIVE');
    const account = await verifiedAccountFor(tx, user.id, paymentMethodId);
    const now = ctx.clock.now();
    const [schedule] = await tx
      .insert(paymentSchedules)
      .values({ groupId, userId: user.id, bankAccountId: account.id, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [paymentSchedules.groupId, paymentSchedules.userId],
        set: { status: 'active', bankAccountId: account.id, updatedAt: now },
      })
      .returning();
    await recordAudit(tx, {
      action: 'autopay_enabled',
      actorUserId: user.id,
      subject: String(groupId),
      details: { bankAccountId: account.id },
      at: now,
    });
    return schedule!;
  });
}

export async function cancelAutoPay(ctx: AppContext, user: SessionUser, groupId: number, userId: number) {
  ownEntry(user, userId);
  return inTransaction(ctx.database.db, async (tx) => {
    await requireMember(tx, groupId, user.id);
    const now = ctx.clock.now();
    const [schedule] = await tx
      .update(paymentSchedules)
      .set({ status: 'inactive', updatedAt: now })
      .where(
        and(
          eq(paymentSchedules.groupId, groupId),
          eq(paymentSchedules.userId, user.id),
          inArray(paymentSchedules.status, ['active', 'failed']),
        ),
      )
      .returning();
    if (!schedule) throw new AppError('AUTOPAY_NOT_ACTIVE');
    await recordAudit(tx, {
      action: 'autopay_disabled',
      actorUserId: user.id,
      subject: String(groupId),
      at: now,
    });
    return schedule;
  });
}
