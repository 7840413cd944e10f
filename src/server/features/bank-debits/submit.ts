import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/core/errors.ts';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { toProviderAccount } from '#server/payments/bank-accounts/serialize.ts';
import { deliverPaymentEventLater } from '#server/payments/events.ts';
import { paymentProviderFor } from '#server/payments/provider.ts';
import { debitFailed } from './settle.ts';

const GIVE_UP_AFTER_MS = 86_400_000;

/**
 * Phase two: asks the processor to pull the money, outside any transaction (a processor call
 * cannot be rolled back), keyed by the debit so a repeat never pulls twice; then marks it
 * processing. Safe to call again for a debit still `requested` (after a crash).
 */
export async function submitDebit(ctx: AppContext, debitId: number) {
  const { db } = ctx.database;
  const [row] = await db.select().from(bankDebits).where(eq(bankDebits.id, debitId));
  if (row?.status !== 'requested') return row ?? null;
  const [bank] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, row.bankAccountId));
  const idempotencyKey = `debit:${row.id}`;
  let pending: Awaited<ReturnType<ReturnType<typeof paymentProviderFor>['createDebit']>>;
  try {
    pending = await paymentProviderFor(ctx.config.payments).createDebit({
      idempotencyKey,
      amountCents: row.amountCents,
      account: toProviderAccount(bank!),
      description: `SaveCircle contribution ${row.contributionId}`,
    });
  } catch (error) {
    // Unreachable or a server error: the outcome is unknown (the processor may have the debit), so
    // it stays `requested` and is submitted again under the same key, for a day at most. A refusal
    // fails it at once.
    const unknown = !(error instanceof AppError) || error.code === 'PROVIDER_UNAVAILABLE';
    if (unknown && ctx.clock.now().getTime() - row.createdAt.getTime() < GIVE_UP_AFTER_MS) return row;
    await debitFailed(
      ctx,
      { id: row.id },
      unknown ? 'processor_unreachable' : 'processor_refused',
      (error as Error).message,
    );
    return null;
  }
  return inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(bankDebits)
      .set({ status: 'processing', providerRef: pending.providerRef, submittedAt: ctx.clock.now() })
      .where(and(eq(bankDebits.id, row.id), eq(bankDebits.status, 'requested')))
      .returning();
    if (updated && pending.simulatedOutcome) await deliverPaymentEventLater(tx, pending.simulatedOutcome);
    return updated ?? null;
  });
}

/** A request younger than this may still be on its way to the processor in another request. */
const STUCK_AFTER_MS = 60_000;

/** Debits whose rows exist but which never reached the processor (the server stopped in between). */
export async function resubmitStuckDebits(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - STUCK_AFTER_MS);
  const stuck = await ctx.database.db
    .select({ id: bankDebits.id })
    .from(bankDebits)
    .where(and(eq(bankDebits.status, 'requested'), lt(bankDebits.createdAt, before)));
  for (const { id } of stuck) await submitDebit(ctx, id);
  return stuck.length;
}
