import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { placeHold } from '#server/ledger/holds.ts';
import { formatMoney, parseAmount } from '#shared/money.ts';
import type { RequestWithdrawalInput } from '#shared/schemas/withdrawals.ts';
import { withdrawalFeeCents, withdrawalRules, withinLimits } from '#shared/withdrawals.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { submitWithdrawal } from './submit.ts';

export type Withdrawal = typeof withdrawals.$inferSelect;

/** The verified bank account the money goes to: the one asked for, else the oldest verified one. */
async function destinationAccount(ctx: AppContext, userId: number, bankAccountId: number | undefined) {
  const [account] = await ctx.database.db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.status, 'verified'),
        bankAccountId === undefined ? undefined : eq(bankAccounts.id, bankAccountId),
      ),
    )
    .orderBy(asc(bankAccounts.id))
    .limit(1);
  if (!account) throw new AppError('BANK_ACCOUNT_REQUIRED');
  return account;
}

/**
 * Phase one of a withdrawal (PRODUCT.md "Withdrawal"): checks the method's limits, holds amount +
 * fee on the wallet and records the request, in one transaction; then hands it to the processor.
 * A crash between the two leaves a `requested` withdrawal that due work submits again (the
 * processor call is keyed, so it never pays twice).
 */
export async function requestWithdrawal(ctx: AppContext, user: SessionUser, input: RequestWithdrawalInput) {
  const amountCents = parseAmount(input.amount);
  const rule = withdrawalRules[input.method];
  if (amountCents === null || !withinLimits(input.method, amountCents))
    throw new AppError(
      'WITHDRAWAL_AMOUNT_OUT_OF_RANGE',
      `Amount must be between ${formatMoney(rule.minCents, 'en')} and ${formatMoney(rule.maxCents, 'en')}`,
    );
  const feeCents = withdrawalFeeCents(input.method, amountCents);
  const account = rule.needsBankAccount ? await destinationAccount(ctx, user.id, input.bankAccountId) : null;

  const created = await inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: user.id,
        method: input.method,
        amountCents,
        feeCents,
        bankAccountId: account?.id ?? null,
        recipientInfo: rule.needsRecipientInfo ? (input.recipientInfo ?? null) : null,
        createdAt: now,
      })
      .returning();
    const hold = await placeHold(tx, {
      account: { kind: 'wallet', userId: user.id },
      amountCents: amountCents + feeCents,
      idempotencyKey: `withdrawal:${row!.id}`,
      memo: `Withdrawal ${row!.id} (${input.method})`,
      at: now,
    });
    const [held] = await tx
      .update(withdrawals)
      .set({ holdId: hold.id })
      .where(eq(withdrawals.id, row!.id))
      .returning();
    await recordAudit(tx, {
      action: 'withdrawal_requested',
      actorUserId: user.id,
      subject: String(row!.id),
      details: { method: input.method, amountCents, feeCents },
      at: now,
    });
    return held!;
  });
  return submitWithdrawal(ctx, created.id);
}
