import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type AccountRef, accountKey } from './accounts.ts';
import { IdempotencyConflictError, InsufficientFundsError, InvalidTransferError } from './errors.ts';
import { ledgerAccounts, ledgerHolds } from './schema.ts';
import { postTransfer, type TransferInput } from './transfers.ts';

export type Hold = typeof ledgerHolds.$inferSelect;

/** Balance, pending holds and what is left to spend, in cents; zeros for an unused account. */
export async function availableBalance(tx: Db, ref: AccountRef) {
  const [row] = await tx
    .select({
      balanceCents: ledgerAccounts.balanceCents,
      heldCents: sql<number>`(select coalesce(sum(h.amount_cents), 0)::bigint from ledger_holds h
        where h.account_id = ledger_accounts.id and h.status = 'pending')`.mapWith(Number),
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey(ref)));
  const balanceCents = row?.balanceCents ?? 0;
  const heldCents = row?.heldCents ?? 0;
  return { balanceCents, heldCents, availableCents: balanceCents - heldCents };
}

/**
 * Sets `amountCents` aside on the account, or refuses with InsufficientFundsError when the
 * available balance is short. The account's row lock (the one postTransfer takes) serialises
 * every hold and posting on it, so racing requests cannot both spend the same money.
 */
export async function placeHold(
  tx: Db,
  input: { account: AccountRef; amountCents: number; idempotencyKey: string; memo?: string; at: Date },
): Promise<Hold> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new InvalidTransferError(`hold ${input.idempotencyKey}: amount must be positive whole cents`);
  const key = accountKey(input.account);
  const [account] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.key, key)).for('update');

  const [earlier] = await tx
    .select()
    .from(ledgerHolds)
    .where(eq(ledgerHolds.idempotencyKey, input.idempotencyKey));
  if (earlier) {
    if (earlier.accountId !== account?.id || earlier.amountCents !== input.amountCents)
      throw new IdempotencyConflictError(input.idempotencyKey);
    return earlier;
  }
  if (!account) throw new InsufficientFundsError(key, 0, input.amountCents);
  const [pending] = await tx
    .select({ cents: sql`coalesce(sum(${ledgerHolds.amountCents}), 0)::bigint`.mapWith(Number) })
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.accountId, account.id), eq(ledgerHolds.status, 'pending')));
  const available = account.balanceCents - pending!.cents;
  if (input.amountCents > available) throw new InsufficientFundsError(key, available, input.amountCents);

  const [hold] = await tx
    .insert(ledgerHolds)
    .values({
      accountId: account.id,
      amountCents: input.amountCents,
      idempotencyKey: input.idempotencyKey,
      memo: input.memo ?? null,
      createdAt: input.at,
    })
    .returning();
  return hold!;
}

/** The hold, locked for the rest of the transaction. */
async function lockHold(tx: Db, holdId: number) {
  const [hold] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId)).for('update');
  if (!hold) throw new InvalidTransferError(`hold ${holdId} does not exist`);
  return hold;
}

/**
 * Makes a pending hold final: posts `transfer`, which must take exactly the held amount from the
 * held account, and marks the hold captured, in the caller's transaction. (Wallet money leaves
 * only through holds, so a posting never spends what a pending hold has set aside.) Capturing again is a
 * no-op that returns the same hold; capturing a voided hold is a bug.
 */
export async function captureHold(tx: Db, holdId: number, transfer: TransferInput): Promise<Hold> {
  const hold = await lockHold(tx, holdId);
  if (hold.status === 'captured') return hold;
  if (hold.status === 'voided') throw new InvalidTransferError(`hold ${holdId} was voided`);
  const [account] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, hold.accountId));
  const taken = transfer.legs
    .filter((leg) => accountKey(leg.account) === account!.key)
    .reduce((sum, leg) => sum + leg.amountCents, 0);
  if (taken !== -hold.amountCents)
    throw new InvalidTransferError(
      `hold ${holdId}: the transfer must take exactly ${hold.amountCents} from ${account!.key}`,
    );
  const { transferId } = await postTransfer(tx, transfer);
  const [captured] = await tx
    .update(ledgerHolds)
    .set({ status: 'captured', transferId, settledAt: transfer.at })
    .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, 'pending')))
    .returning();
  return captured!;
}

/** Gives held money back (the movement failed or was cancelled). Voiding again is a no-op. */
export async function voidHold(tx: Db, holdId: number, at: Date): Promise<Hold> {
  const hold = await lockHold(tx, holdId);
  if (hold.status === 'voided') return hold;
  if (hold.status === 'captured') throw new InvalidTransferError(`hold ${holdId} was already captured`);
  const [voided] = await tx
    .update(ledgerHolds)
    .set({ status: 'voided', settledAt: at })
    .where(eq(ledgerHolds.id, holdId))
    .returning();
  return voided!;
}
