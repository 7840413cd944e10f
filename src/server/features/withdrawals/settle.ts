import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { captureHold, voidHold } from '#server/ledger/holds.ts';
import { formatAmount } from '#shared/money.ts';

async function lockWithdrawal(tx: Db, where: ReturnType<typeof eq>) {
  const [row] = await tx.select().from(withdrawals).where(where).for('update');
  return row;
}

/**
 * The processor paid the withdrawal out: the hold is captured (wallet → the outside world for
 * the amount, → fee revenue for the fee). Repeats of the event change nothing.
 */
export async function completeWithdrawal(ctx: AppContext, providerRef: string) {
  return inTransaction(ctx.database.db, async (tx) => {
    const row = await lockWithdrawal(tx, eq(withdrawals.providerRef, providerRef));
    if (!row || row.status === 'completed' || row.status === 'failed') return row ?? null;
    const now = ctx.clock.now();
    const wallet = { kind: 'wallet' as const, userId: row.userId };
    await captureHold(tx, row.holdId!, {
      idempotencyKey: `withdrawal:${row.id}`,
      kind: 'withdrawal',
      userId: row.userId,
      memo: `Withdrawal ${row.id} (${row.method})`,
      at: now,
      legs: [
        { account: wallet, amountCents: -(row.amountCents + row.feeCents) },
        { account: { kind: 'external', name: 'bank' }, amountCents: row.amountCents },
        ...(row.feeCents > 0
          ? [{ account: { kind: 'fee_revenue' as const }, amountCents: row.feeCents }]
          : []),
      ],
    });
    const [done] = await tx
      .update(withdrawals)
      .set({ status: 'completed', settledAt: now })
      .where(eq(withdrawals.id, row.id))
      .returning();
    await recordAudit(tx, {
      action: 'withdrawal_completed',
      actorUserId: row.userId,
      subject: String(row.id),
      at: now,
    });
    await notify(tx, now, [row.userId], 'withdrawal_completed', null, {
      amount: formatAmount(row.amountCents),
    });
    return done!;
  });
}

/** The processor refused or returned the withdrawal: the hold is voided, the money available again. */
export async function failWithdrawal(
  ctx: AppContext,
  id: number | { providerRef: string },
  code: string,
  message: string,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const row = await lockWithdrawal(
      tx,
      typeof id === 'number' ? eq(withdrawals.id, id) : eq(withdrawals.providerRef, id.providerRef),
    );
    if (!row || row.status === 'completed' || row.status === 'failed') return row ?? null;
    const now = ctx.clock.now();
    if (row.holdId) await voidHold(tx, row.holdId, now);
    const [failed] = await tx
      .update(withdrawals)
      .set({ status: 'failed', failureCode: code, failureMessage: message, settledAt: now })
      .where(eq(withdrawals.id, row.id))
      .returning();
    await recordAudit(tx, {
      action: 'withdrawal_failed',
      actorUserId: row.userId,
      subject: String(row.id),
      details: { code, message },
      at: now,
    });
    await notify(tx, now, [row.userId], 'withdrawal_failed', null, {
      amount: formatAmount(row.amountCents),
      reason: message,
    });
    return failed!;
  });
}
