import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/core/errors.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { type BankAccountRow, toProviderAccount } from '#server/payments/bank-accounts/serialize.ts';
import { deliverPaymentEventLater } from '#server/payments/events.ts';
import { paymentProviderFor } from '#server/payments/provider.ts';
import type { Withdrawal } from './request.ts';
import { failWithdrawal } from './settle.ts';
import { markWithdrawalProcessing } from './statements.ts';

/** Phase two for a withdrawal known only by id (the recovery of a stuck one). */
export async function submitWithdrawal(ctx: AppContext, withdrawalId: number) {
  return (await submitById(ctx, withdrawalId)).withdrawal;
}

/** Phase two for a withdrawal known by id, with the bank it goes to. */
export async function submitById(ctx: AppContext, withdrawalId: number) {
  const { db } = ctx.database;
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  const bank = await bankOf(ctx, row);
  return row.status === 'requested' ? submitRequested(ctx, row, bank) : { withdrawal: row, bank };
}

async function bankOf(ctx: AppContext, row: Withdrawal): Promise<BankAccountRow | null> {
  if (!row.bankAccountId) return null;
  const [bank] = await ctx.database.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.id, row.bankAccountId));
  return bank ?? null;
}

/**
 * Phase two: asks the processor to pay the `requested` withdrawal out, outside any transaction (a
 * processor call cannot be rolled back), keyed by the withdrawal so a repeat never pays twice; then
 * marks it processing. Safe to call again for a withdrawal still `requested` (after a crash).
 * Returns the withdrawal as it now stands, with the bank it goes to.
 */
export async function submitRequested(ctx: AppContext, row: Withdrawal, bank: BankAccountRow | null) {
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
    const failed = await failWithdrawal(ctx, row.id, 'processor_error', (error as Error).message);
    return { withdrawal: failed ?? row, bank };
  }

  const withdrawal = await inTransaction(ctx.database.db, async (tx) => {
    const updated = await markWithdrawalProcessing(tx, row.id, pending.providerRef, ctx.clock.now());
    if (pending.simulatedOutcome) await deliverPaymentEventLater(tx, pending.simulatedOutcome);
    return updated;
  });
  return { withdrawal, bank };
}
