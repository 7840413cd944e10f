import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { notify } from '#server/core/notify.ts';
import { bankDebits } from '#server/db/autopay-schema.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, groups } from '#server/db/groups-schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { formatAmount } from '#shared/money.ts';
import { settleContribution } from '../groups/contributions.ts';
import { distributeReserve } from '../groups/reserve-distribution.ts';
import { debitSettled } from './settled-listeners.ts';
import type { BankDebit } from './start-debit.ts';

type DebitRef = { id: number } | string;

/**
 * The debit, its group and its contribution, locked in the order every money operation takes
 * (group, contribution, then the debit). Null when the debit is unknown or already settled:
 * processor events arrive late, twice or out of order.
 */
async function lockOpenDebit(tx: Db, ref: DebitRef) {
  const where = typeof ref === 'string' ? eq(bankDebits.providerRef, ref) : eq(bankDebits.id, ref.id);
  const [found] = await tx.select().from(bankDebits).where(where);
  if (!found) return null;
  const [group] = await tx.select().from(groups).where(eq(groups.id, found.groupId)).for('update');
  const [contribution] = await tx
    .select()
    .from(contributions)
    .where(eq(contributions.id, found.contributionId))
    .for('update');
  const [debit] = await tx.select().from(bankDebits).where(eq(bankDebits.id, found.id)).for('update');
  if (!debit || (debit.status !== 'requested' && debit.status !== 'processing')) return null;
  return { debit, group: group!, contribution: contribution! };
}

/** The bank paid: the contribution settles (external → escrow), judged late by when the debit started. */
export async function debitSucceeded(ctx: AppContext, providerRef: string): Promise<BankDebit | null> {
  return inTransaction(ctx.database.db, async (tx) => {
    const open = await lockOpenDebit(tx, providerRef);
    if (!open) return null;
    const { debit, group, contribution } = open;
    const now = ctx.clock.now();
    if (contribution.status === 'paid') {
      // Paid some other way meanwhile: the money still arrived, so it goes to the member's wallet.
      await postTransfer(tx, {
        idempotencyKey: `debit-overpayment:${debit.id}`,
        kind: 'debit_overpayment',
        groupId: group.id,
        userId: debit.userId,
        memo: `Bank debit ${debit.id} for a contribution already paid`,
        at: now,
        legs: [
          { account: { kind: 'external', name: 'bank' }, amountCents: -debit.amountCents },
          { account: { kind: 'wallet', userId: debit.userId }, amountCents: debit.amountCents },
        ],
      });
    } else {
      await settleContribution(ctx, tx, group, contribution, {
        actorId: null,
        method: 'ach',
        reference: debit.providerRef,
        paidAt: debit.createdAt,
      });
      // Money reaching a completed circle's reserve belongs to its debt-free members.
      if (group.status === 'completed') await distributeReserve(ctx, tx, group, `debit:${debit.id}`);
    }
    const [settled] = await tx
      .update(bankDebits)
      .set({ status: 'succeeded', settledAt: now })
      .where(eq(bankDebits.id, debit.id))
      .returning();
    await debitSettled(ctx, tx, group, settled!);
    await recordAudit(tx, { action: 'bank_debit_succeeded', subject: String(debit.id), at: now });
    return settled!;
  });
}

/** The bank refused: the contribution is unpaid again; auto-pay decides whether to try again. */
export async function debitFailed(
  ctx: AppContext,
  ref: DebitRef,
  code: string,
  message: string,
): Promise<BankDebit | null> {
  return inTransaction(ctx.database.db, async (tx) => {
    const open = await lockOpenDebit(tx, ref);
    if (!open) return null;
    const { debit, group, contribution } = open;
    const now = ctx.clock.now();
    const [failed] = await tx
      .update(bankDebits)
      .set({ status: 'failed', failureCode: code, failureMessage: message, settledAt: now })
      .where(eq(bankDebits.id, debit.id))
      .returning();
    if (contribution.status === 'processing')
      await tx.update(contributions).set({ status: 'pending' }).where(eq(contributions.id, contribution.id));
    await notify(tx, now, [debit.userId], 'bank_debit_failed', group.id, {
      groupName: group.name,
      amount: formatAmount(debit.amountCents),
      reason: message,
    });
    await debitSettled(ctx, tx, group, failed!);
    await recordAudit(tx, {
      action: 'bank_debit_failed',
      subject: String(debit.id),
      details: { code, message },
      at: now,
    });
    return failed!;
  });
}
