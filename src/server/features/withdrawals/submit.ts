import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/core/errors.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { toProviderAccount } from '#server/payments/bank-accounts/serialize.ts';
import { deliverPaymentEventLater } from '#server/payments/events.ts';
import { paymentProviderFor } from '#server/payments/provider.ts';
import { failWithdrawal } from './settle.ts';

/**
 * Phase two: asks the processor to pay the withdrawal out, outside any transaction (a processor
 * call cannot be rolled back), keyed by the withdrawal so a repeat never pays twice; then marks it
 * processing. Safe to call again for a withdrawal still `requested` (after a crash).
 */
export async function submitWithdrawal(ctx: AppContext, withdrawalId: number) {
  const { db } = ctx.database;
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  if (row.status !== 'requested') return row;
  const [bank] = row.bankAccountId
    ? await db.select().from(bankAccounts).where(eq(bankAccounts.id, row.bankAccountId))
    : [];

  let pending: Awaited<ReturnType<ReturnType<typeof paymentProviderFor>['createPayout']>>;
  try {
    pending = await paymentProviderFor(ctx.config.payments).createPayout({
      idempotencyKey: `withdrawal:${row.id}`,
      amountCents: row.amountCents,
      account: bank ? toProviderAccount(bank) : null,
      method: row.method,
      recipientInfo: row.recipientInfo,
      description: `SaveCircle withdrawal ${row.id}`,
    });
  } catch (error) {
    return (await failWithdrawal(ctx, row.id, 'processor_error', (error as Error).message)) ?? row;
  }

  return inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(withdrawals)
      .set({ status: 'processing', providerRef: pending.providerRef, submittedAt: ctx.clock.now() })
      .where(eq(withdrawals.id, row.id))
      .returning();
    if (pending.simulatedOutcome) await deliverPaymentEventLater(tx, pending.simulatedOutcome);
    return updated!;
  });
}
