import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { placeHold } from '#server/ledger/holds.ts';
import { paymentProviderFor } from '#server/payments/provider.ts';
import { formatMoney, parseAmount } from '#shared/money.ts';
import type { RequestWithdrawalInput } from '#shared/schemas/withdrawals.ts';
import { withdrawalFeeCents, withdrawalRules, withinLimits } from '#shared/withdrawals.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { enforceWithdrawalLimits } from '../safeguards/withdrawal-limits.ts';
import { insertWithdrawal, setHold, verifiedBankAccount } from './statements.ts';
import { submitById, submitRequested } from './submit.ts';

export type Withdrawal = typeof withdrawals.$inferSelect;

/** The verified bank account the money goes to: the one asked for, else the oldest verified one. */
async function destinationAccount(ctx: AppContext, userId: number, bankAccountId: number | undefined) {
  const [account] = await verifiedBankAccount(ctx.database.db, userId, bankAccountId ?? null);
  if (!account) throw new AppError('BANK_ACCOUNT_REQUIRED');
  return account;
}

/** The withdrawal an earlier request with this Idempotency-Key created, if any. */
async function withdrawalForKey(ctx: AppContext, userId: number, requestKey: string) {
  const [row] = await ctx.database.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.requestKey, requestKey)));
  return row;
}

/**
 * The same key is the same withdrawal: it is submitted again if a crash left it `requested`, and
 * never created twice. A different withdrawal under a key already used is refused.
 */
function sameRequest(
  row: Withdrawal,
  method: Withdrawal['method'],
  amountCents: number,
  info: string | null,
) {
  if (row.method !== method || row.amountCents !== amountCents || row.recipientInfo !== info)
    throw new AppError('IDEMPOTENCY_CONFLICT');
  return row;
}

/**
 * Phase one of a withdrawal (PRODUCT.md "Withdrawal"): checks the method's limits, holds amount +
 * fee on the wallet and records the request, in one transaction; then hands it to the processor.
 * A crash between the two leaves a `requested` withdrawal that due work submits again (the
 * processor call is keyed, so it never pays twice). With `requestKey` (the Idempotency-Key) a
 * retry whose first attempt died after its transaction finds that withdrawal instead of a second.
 * Returns the withdrawal as it now stands, with the bank it goes to.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  user: SessionUser,
  input: RequestWithdrawalInput,
  requestKey?: string,
) {
  // Before anything is held: a method this processor cannot pay out would only fail later.
  if (!paymentProviderFor(ctx.config.payments).payoutMethods.includes(input.method))
    throw new AppError('METHOD_UNAVAILABLE');
  const amountCents = parseAmount(input.amount);
  const rule = withdrawalRules[input.method];
  if (amountCents === null || !withinLimits(input.method, amountCents))
    throw new AppError(
      'WITHDRAWAL_AMOUNT_OUT_OF_RANGE',
      `Amount must be between ${formatMoney(rule.minCents, 'en')} and ${formatMoney(rule.maxCents, 'en')}`,
    );
  const recipientInfo = rule.needsRecipientInfo ? (input.recipientInfo ?? null) : null;
  const earlier = requestKey ? await withdrawalForKey(ctx, user.id, requestKey) : undefined;
  if (earlier) return submitById(ctx, sameRequest(earlier, input.method, amountCents, recipientInfo).id);
  const feeCents = withdrawalFeeCents(input.method, amountCents);
  const account = rule.needsBankAccount ? await destinationAccount(ctx, user.id, input.bankAccountId) : null;

  const created = await inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.clock.now();
    // A concurrent request with the same key may have just inserted it: then nothing is held here.
    const row = await insertWithdrawal(tx, {
      userId: user.id,
      method: input.method,
      amountCents,
      feeCents,
      bankAccountId: account?.id ?? null,
      recipientInfo,
      requestKey: requestKey ?? null,
      createdAt: now,
    });
    if (!row) return null;
    const hold = await placeHold(tx, {
      account: { kind: 'wallet', userId: user.id },
      amountCents: amountCents + feeCents,
      idempotencyKey: `withdrawal:${row.id}`,
      memo: `Withdrawal ${row.id} (${input.method})`,
      at: now,
    });
    // Under the wallet lock placeHold took: concurrent withdrawals count each other against the caps.
    await enforceWithdrawalLimits(tx, user.id, amountCents, now);
    await setHold(tx, row.id, hold.id);
    await recordAudit(tx, {
      action: 'withdrawal_requested',
      actorUserId: user.id,
      subject: String(row.id),
      details: { method: input.method, amountCents, feeCents },
      at: now,
    });
    return { ...row, holdId: hold.id };
  });
  if (created) return submitRequested(ctx, created, account);
  const raced = await withdrawalForKey(ctx, user.id, requestKey!);
  return submitById(ctx, sameRequest(raced!, input.method, amountCents, recipientInfo).id);
}
