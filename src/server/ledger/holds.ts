import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { num } from '#server/db/sql-rows.ts';
import { statement } from '#server/db/statement.ts';
import { type AccountRef, accountKey } from './accounts.ts';
import { IdempotencyConflictError, InsufficientFundsError, InvalidTransferError } from './errors.ts';
import { ledgerAccounts, ledgerHolds } from './schema.ts';
import { postTransfer, type TransferInput } from './transfers.ts';

export type Hold = typeof ledgerHolds.$inferSelect;

/** Balance, pending holds and what is left to spend, in cents; zeros for an unused account. */
export async function availableBalance(tx: Db, ref: AccountRef) {
  const [row] = await balanceAndHeld(tx, accountKey(ref));
  const balanceCents = num(row?.balanceCents);
  const heldCents = num(row?.heldCents);
  return { balanceCents, heldCents, availableCents: balanceCents - heldCents };
}

// Read after every wallet change: SQL rather than a Drizzle query built each time (db/statement.ts).
const balanceAndHeld = statement<{ balanceCents: unknown; heldCents: unknown }, [string]>(
  'ledger_balance_and_held',
  `select balance_cents as "balanceCents",
     (select coalesce(sum(h.amount_cents), 0) from ledger_holds h
      where h.account_id = a.id and h.status = 'pending') as "heldCents"
   from ledger_accounts a where a.key = $1`,
);

type HoldInput = {
  account: AccountRef;
  amountCents: number;
  idempotencyKey: string;
  memo?: string;
  at: Date;
};

/** A hold as the driver sends it: dates as Date, bigints as text on PostgreSQL. */
type HoldRow = Omit<Hold, 'id' | 'amountCents' | 'transferId'> & {
  id: unknown;
  amountCents: unknown;
  transferId: unknown;
};

const holdOf = (row: HoldRow): Hold => ({
  ...row,
  id: num(row.id),
  amountCents: num(row.amountCents),
  transferId: row.transferId === null ? null : num(row.transferId),
});

/**
 * Sets `amountCents` aside on the account, or refuses with InsufficientFundsError when the
 * available balance is short. The account's row lock (the one postTransfer takes) serialises
 * every hold and posting on it, so racing requests cannot both spend the same money.
 */
export async function placeHold(tx: Db, input: HoldInput): Promise<Hold> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new InvalidTransferError(`hold ${input.idempotencyKey}: amount must be positive whole cents`);
  const key = accountKey(input.account);
  // Its own statement: the insert below then reads the pending holds after the lock is ours, in a
  // snapshot that includes every hold committed before (one statement would read an older one).
  const [account] = await lockAccount(tx, key);
  if (account) {
    // The common case in one round trip: the hold goes in only if the money is there and the key is new.
    const [placed] = await insertHoldIfAvailable(
      tx,
      account.id,
      input.amountCents,
      input.idempotencyKey,
      input.memo ?? null,
      input.at.toISOString(),
      num(account.balanceCents),
    );
    if (placed) return holdOf(placed);
  }
  return refusedOrEarlier(tx, key, account, input);
}

// Every withdrawal and penalty hold: SQL rather than Drizzle queries built each time (db/statement.ts).
const lockAccount = statement<{ id: number; balanceCents: unknown }, [string]>(
  'ledger_lock_account',
  'select id, balance_cents as "balanceCents" from ledger_accounts where key = $1 for update',
);

const insertHoldIfAvailable = statement<HoldRow, [number, number, string, string | null, string, number]>(
  'ledger_insert_hold',
  `insert into ledger_holds (account_id, amount_cents, idempotency_key, memo, created_at)
   select $1::integer, $2::bigint, $3::text, $4::text, $5::timestamptz
   where $6::bigint - (select coalesce(sum(amount_cents), 0) from ledger_holds
     where account_id = $1::integer and status = 'pending') >= $2::bigint
   on conflict (idempotency_key) do nothing
   returning id, account_id as "accountId", amount_cents as "amountCents", status,
     idempotency_key as "idempotencyKey", memo, transfer_id as "transferId", created_at as "createdAt",
     settled_at as "settledAt"`,
);

/** Why no hold went in: a retry of an earlier hold (returned), a conflicting key, or too little money. */
async function refusedOrEarlier(
  tx: Db,
  key: string,
  account: { id: number } | undefined,
  input: HoldInput,
): Promise<Hold> {
  const [earlier] = await tx
    .select()
    .from(ledgerHolds)
    .where(eq(ledgerHolds.idempotencyKey, input.idempotencyKey));
  if (earlier) {
    if (earlier.accountId !== account?.id || earlier.amountCents !== input.amountCents)
      throw new IdempotencyConflictError(input.idempotencyKey);
    return earlier;
  }
  const { availableCents } = await availableBalance(tx, input.account);
  throw new InsufficientFundsError(key, availableCents, input.amountCents);
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
