import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { MAX_VERIFICATION_ATTEMPTS } from '#shared/bank.ts';
import { microDepositCents } from '#shared/schemas/payments.ts';
import { paymentProviderFor } from '../provider.ts';
import { ownLiveAccount } from './own-account.ts';
import { type BankAccountRow, toBankAccountView, toProviderAccount } from './serialize.ts';
import { syncUserBankSummary } from './user-summary.ts';

function assertAwaitingDeposits(account: BankAccountRow) {
  if (account.status === 'verified') throw new AppError('BANK_ACCOUNT_ALREADY_VERIFIED');
  if (account.status === 'verification_failed') throw new AppError('MICRO_DEPOSITS_LOCKED');
}

/**
 * POST /api/bank-accounts/:id/verify {amounts: ["0.32", "0.45"]}. A wrong pair counts an attempt
 * (committed even though the reply is an error); the third wrong one locks verification for good.
 */
export async function verifyMicroDeposits(
  ctx: AppContext,
  user: SessionUser,
  accountId: number,
  amounts: [string, string],
  ip: string,
) {
  const provider = paymentProviderFor(ctx.config.payments);
  const { db } = ctx.database;
  const before = await ownLiveAccount(db, user.id, accountId);
  assertAwaitingDeposits(before);
  const amountsCents: [number, number] = [microDepositCents(amounts[0]), microDepositCents(amounts[1])];
  // Asked outside the transaction: with Stripe this is a network call.
  const matches = await provider.verifyMicroDeposits({ account: toProviderAccount(before), amountsCents });

  const now = ctx.clock.now();
  const outcome = await inTransaction(db, async (tx) => {
    // Locked, so parallel guesses are counted one after another and cannot exceed the limit.
    const account = await ownLiveAccount(tx, user.id, accountId, true);
    assertAwaitingDeposits(account);
    if (matches) {
      const [verified] = await tx
        .update(bankAccounts)
        .set({ status: 'verified', verifiedAt: now })
        .where(eq(bankAccounts.id, account.id))
        .returning();
      await syncUserBankSummary(tx, user.id);
      await recordAudit(tx, {
        action: 'bank_account_verified',
        actorUserId: user.id,
        subject: String(account.id),
        ip,
        details: { attempts: account.verificationAttempts + 1 },
        at: now,
      });
      if (!verified) throw new Error('the locked account row vanished');
      return { verified };
    }
    const attempts = account.verificationAttempts + 1;
    const locked = attempts >= MAX_VERIFICATION_ATTEMPTS;
    await tx
      .update(bankAccounts)
      .set({ verificationAttempts: attempts, ...(locked ? { status: 'verification_failed' as const } : {}) })
      .where(eq(bankAccounts.id, account.id));
    if (locked) await syncUserBankSummary(tx, user.id);
    await recordAudit(tx, {
      action: locked ? 'bank_verification_locked' : 'bank_verification_failed',
      actorUserId: user.id,
      subject: String(account.id),
      ip,
      details: { attempts },
      at: now,
    });
    return { locked };
  });

  if (outcome.verified) return { success: true as const, bankAccount: toBankAccountView(outcome.verified) };
  throw new AppError(outcome.locked ? 'MICRO_DEPOSITS_LOCKED' : 'MICRO_DEPOSITS_MISMATCH');
}
