import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { paymentSchedules } from '#server/db/autopay-schema.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { ownLiveAccount } from './own-account.ts';
import { syncUserBankSummary } from './user-summary.ts';

/**
 * DELETE /api/bank-accounts/:id. A soft removal: the row stays for the audit trail and for
 * contributions that name it, but the account is gone from every list and may be linked again.
 */
export async function removeBankAccount(ctx: AppContext, user: SessionUser, accountId: number, ip: string) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const account = await ownLiveAccount(tx, user.id, accountId, true);
    const [autopay] = await tx
      .select({ id: paymentSchedules.id })
      .from(paymentSchedules)
      .where(
        and(
          eq(paymentSchedules.bankAccountId, account.id),
          inArray(paymentSchedules.status, ['active', 'failed']),
        ),
      )
      .limit(1);
    if (autopay) throw new AppError('BANK_ACCOUNT_IN_USE');
    await tx
      .update(bankAccounts)
      .set({ status: 'removed', removedAt: now })
      .where(eq(bankAccounts.id, account.id));
    await syncUserBankSummary(tx, user.id);
    await recordAudit(tx, {
      action: 'bank_account_removed',
      actorUserId: user.id,
      subject: String(account.id),
      ip,
      details: { previousStatus: account.status, last4: account.last4 },
      at: now,
    });
    return { success: true as const };
  });
}
