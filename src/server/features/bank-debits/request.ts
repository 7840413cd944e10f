import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireMember } from '#server/circle/access.ts';
import { AppError } from '#server/core/errors.ts';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { verifiedAccountFor } from '#server/payments/bank-accounts/debit-account.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { currentContribution } from '../groups/contributions.ts';
import { type BankDebit, startDebit } from './start-debit.ts';
import { submitDebit } from './submit.ts';

export type BankDebitRequest = { cycle?: number; bankAccountId?: number };

/**
 * Make Contribution by bank: the member's own contribution (the current cycle's unless another
 * unpaid one is named) is pulled from their verified bank account. The contribution is paid when
 * the processor confirms, not before. `requestKey` (the Idempotency-Key) finds a debit this same
 * request already started, so a request re-run after a crash pulls nothing twice.
 */
export async function requestBankDebit(
  ctx: AppContext,
  user: SessionUser,
  groupId: number,
  input: BankDebitRequest,
  requestKey: string | null,
): Promise<BankDebit> {
  const { db } = ctx.database;
  if (requestKey) {
    const [earlier] = await db
      .select()
      .from(bankDebits)
      .where(and(eq(bankDebits.userId, user.id), eq(bankDebits.requestKey, requestKey)));
    if (earlier) return (await submitDebit(ctx, earlier.id)) ?? earlier;
  }
  const debit = await inTransaction(db, async (tx) => {
    const { group } = await requireMember(tx, groupId, user.id, { lock: true });
    if (group.frozen) throw new AppError('GROUP_FROZEN');
    const contribution = await currentContribution(tx, group, user.id, input.cycle ?? group.currentCycle);
    if (contribution.status === 'reported') throw new AppError('CONTRIBUTION_REPORTED');
    const account = await verifiedAccountFor(tx, user.id, input.bankAccountId);
    return startDebit(tx, {
      contribution,
      bankAccountId: account.id,
      source: 'manual',
      attempt: 1,
      requestKey,
      actorId: user.id,
      at: ctx.clock.now(),
    });
  });
  return (await submitDebit(ctx, debit.id)) ?? debit;
}
