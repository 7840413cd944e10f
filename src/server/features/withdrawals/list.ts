import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { availableBalance } from '#server/ledger/holds.ts';
import { formatAmount } from '#shared/money.ts';
import type { WalletView, WithdrawalView } from '#shared/schemas/withdrawals.ts';
import type { Withdrawal } from './request.ts';

export function toWithdrawalView(
  row: Withdrawal,
  bank: { bankName: string; last4: string } | null = null,
): WithdrawalView {
  return {
    id: row.id,
    method: row.method,
    amount: formatAmount(row.amountCents),
    fee: formatAmount(row.feeCents),
    total: formatAmount(row.amountCents + row.feeCents),
    status: row.status,
    bankAccount: bank && { bankName: bank.bankName, last4: bank.last4 },
    recipientInfo: row.recipientInfo,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

const withBank = (ctx: AppContext) =>
  ctx.database.db
    .select({ w: withdrawals, bankName: bankAccounts.bankName, last4: bankAccounts.last4 })
    .from(withdrawals)
    .leftJoin(bankAccounts, eq(bankAccounts.id, withdrawals.bankAccountId));

type WithBank = { w: Withdrawal; bankName: string | null; last4: string | null };
const view = (r: WithBank) =>
  toWithdrawalView(r.w, r.bankName && r.last4 ? { bankName: r.bankName, last4: r.last4 } : null);

/** The user's withdrawals, newest first. */
export async function listWithdrawals(
  ctx: AppContext,
  userId: number,
  limit = 50,
): Promise<WithdrawalView[]> {
  const rows = await withBank(ctx)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.id))
    .limit(limit);
  return rows.map(view);
}

/** Wallet balance, what pending withdrawals hold, and what is available to withdraw. */
export async function walletView(ctx: AppContext, userId: number): Promise<WalletView> {
  const { balanceCents, heldCents, availableCents } = await availableBalance(ctx.database.db, {
    kind: 'wallet',
    userId,
  });
  return {
    balance: formatAmount(balanceCents),
    held: formatAmount(heldCents),
    available: formatAmount(availableCents),
  };
}
