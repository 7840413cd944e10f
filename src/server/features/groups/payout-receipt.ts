import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import { groupMembers, payouts } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { formatAmount, parseAmount } from '#shared/money.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * The recipient of an off-app payout says what reached them. The amount paid out: receipt
 * confirmed. Any other amount: a dispute, and the circle's admins are told. A disputed receipt
 * can be confirmed later, once the rest has been handed over.
 */
export async function confirmPayoutReceipt(
  ctx: AppContext,
  user: SessionUser,
  payoutId: number,
  input: { receivedAmount: string; note?: string },
) {
  const receivedCents = parseAmount(input.receivedAmount);
  if (receivedCents === null) throw new AppError('VALIDATION_ERROR');
  return inTransaction(ctx.database.db, async (tx) => {
    const [found] = await tx.select().from(payouts).where(eq(payouts.id, payoutId));
    if (!found) throw new AppError('PAYOUT_NOT_FOUND');
    const { group } = await requireMember(tx, found.groupId, user.id, {
      lock: true,
      notFound: 'PAYOUT_NOT_FOUND',
    });
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (payout!.recipientId !== user.id) throw new AppError('NOT_PAYOUT_RECIPIENT');
    if (payout!.receiptStatus === 'not_needed' || payout!.receiptStatus === 'confirmed')
      throw new AppError('RECEIPT_NOT_AWAITED');

    const now = ctx.clock.now();
    const matches = receivedCents === payout!.amountCents;
    const [updated] = await tx
      .update(payouts)
      .set({
        receiptStatus: matches ? 'confirmed' : 'disputed',
        receivedCents,
        // A later confirmation without a note keeps the dispute's note on the record.
        receiptNote: input.note || payout!.receiptNote,
        receiptAt: now,
      })
      .where(eq(payouts.id, payoutId))
      .returning();
    await recordAudit(tx, {
      action: matches ? 'payout_receipt_confirmed' : 'payout_disputed',
      actorUserId: user.id,
      subject: String(payoutId),
      details: {
        groupId: group.id,
        cycle: payout!.cycle,
        receivedCents,
        expectedCents: payout!.amountCents,
        note: input.note ?? null,
      },
      at: now,
    });
    if (!matches) {
      const members = await tx.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
      const admins = members.filter((m) => isGroupAdmin(group, m)).map((m) => m.userId);
      await notify(tx, now, admins, 'payout_disputed', group.id, {
        groupName: group.name,
        cycle: payout!.cycle,
        amount: formatAmount(payout!.amountCents),
        received: formatAmount(receivedCents),
      });
    }
    return updated!;
  });
}
