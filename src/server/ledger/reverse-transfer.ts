import { asc, eq } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { accountRefOf } from './accounts.ts';
import { TransferAlreadyReversedError } from './errors.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from './schema.ts';
import { type PostedTransfer, postTransferRecord } from './transfers.ts';

/**
 * Undoes a transfer with a new one that negates each of its entries (the ledger is never
 * edited). A retry with the same idempotency key returns the first reversal; a second reversal
 * under another key is refused with TransferAlreadyReversedError. It can fail with
 * InsufficientFundsError when the money has moved on (a deposit already spent).
 */
export async function reverseTransfer(
  tx: Db,
  transferId: number,
  idempotencyKey: string,
  at: Date,
): Promise<PostedTransfer> {
  // Its own (sub)transaction so the lock on the original holds until the reversal is written.
  return tx.transaction(async (sp) => {
    // Locking the original serialises reversals of it: the second sees the first's row.
    const [original] = await sp
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, transferId))
      .for('update');
    if (!original) throw new AppError('NOT_FOUND', `Transfer ${transferId} not found`);

    const [earlier] = await sp
      .select({ idempotencyKey: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reversesTransferId, transferId));
    if (earlier && earlier.idempotencyKey !== idempotencyKey)
      throw new TransferAlreadyReversedError(transferId);

    const entries = await sp
      .select({
        amountCents: ledgerEntries.amountCents,
        key: ledgerAccounts.key,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        groupId: ledgerAccounts.groupId,
        cycle: ledgerAccounts.cycle,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transferId, transferId))
      .orderBy(asc(ledgerEntries.id));

    return postTransferRecord(
      sp,
      {
        idempotencyKey,
        kind: 'reversal',
        groupId: original.groupId,
        userId: original.userId,
        memo: `Reverses transfer ${transferId} (${original.kind})`,
        at,
        legs: entries.map((entry) => ({ account: accountRefOf(entry), amountCents: -entry.amountCents })),
      },
      transferId,
    );
  });
}
