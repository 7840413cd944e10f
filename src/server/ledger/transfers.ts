import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { arrayParameter } from '#server/db/array-parameter.ts';
import type { Db } from '#server/db/client.ts';
import { prepared } from '#server/db/prepared.ts';
import { statement } from '#server/db/statement.ts';
import { postgresError, withSavepoint } from '#server/db/transaction.ts';
import { ensureAccounts } from './accounts.ts';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  InvalidTransferError,
  TransferAlreadyReversedError,
} from './errors.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from './schema.ts';
import { fingerprint, type PostedTransfer, type TransferInput, validateTransfer } from './transfer-input.ts';

export type { PostedTransfer, TransferInput, TransferLeg } from './transfer-input.ts';

/** The stored transfer with this key, with what is needed to tell a replay from a conflict. */
async function findTransfer(tx: Db, idempotencyKey: string) {
  const [transfer] = await tx
    .select({
      id: ledgerTransfers.id,
      kind: ledgerTransfers.kind,
      reversesTransferId: ledgerTransfers.reversesTransferId,
    })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
  if (!transfer) return undefined;
  const legs = await tx
    .select({ key: ledgerAccounts.key, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transferId, transfer.id));
  return { ...transfer, fingerprint: fingerprint(legs) };
}

type Stored = NonNullable<Awaited<ReturnType<typeof findTransfer>>>;
type Wanted = { key: string; kind: string; fingerprint: string; reversesTransferId: number | null };

function replay(stored: Stored, wanted: Wanted): PostedTransfer {
  const same =
    stored.kind === wanted.kind &&
    stored.fingerprint === wanted.fingerprint &&
    stored.reversesTransferId === wanted.reversesTransferId;
  if (!same) throw new IdempotencyConflictError(wanted.key);
  return { transferId: stored.id, replayed: true };
}

const param = sql.placeholder;

// Built once (db/prepared.ts): every money write runs them.
const claimTransfer = prepared<typeof ledgerTransfers.$inferInsert, { id: number }[]>(
  'ledger_claim_transfer',
  (db) =>
    db
      .insert(ledgerTransfers)
      .values({
        idempotencyKey: param('idempotencyKey'),
        kind: param('kind'),
        groupId: param('groupId'),
        userId: param('userId'),
        memo: param('memo'),
        reversesTransferId: param('reversesTransferId'),
        createdAt: param('createdAt'),
      })
      .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
      .returning({ id: ledgerTransfers.id }),
);

const changeOneBalance = prepared<{ id: number; delta: number }, { key: string; balanceCents: number }[]>(
  'ledger_change_one_balance',
  (db) =>
    db
      .update(ledgerAccounts)
      .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${param('delta')}` })
      .where(
        and(eq(ledgerAccounts.id, param('id')), sql`${ledgerAccounts.balanceCents} + ${param('delta')} >= 0`),
      )
      .returning({ key: ledgerAccounts.key, balanceCents: ledgerAccounts.balanceCents }),
);

/** The legs as two arrays, so one statement serves any number of legs. */
const insertEntries = statement<never, [transferId: number, accountIds: string, amounts: string]>(
  'ledger_insert_entries',
  `insert into ledger_entries (transfer_id, account_id, amount_cents)
   select $1::bigint, leg.account_id, leg.amount_cents
   from unnest($2::integer[], $3::bigint[]) as leg(account_id, amount_cents)`,
);

/** Adds each delta to its account's cached balance, refusing any that would fall below zero. */
async function changeBalances(tx: Db, deltas: Map<number, number>) {
  const changes = [...deltas].filter(([, delta]) => delta !== 0);
  if (changes.length === 0) return;
  if (changes.length === 1) {
    // One account (a contribution's escrow, a withdrawal's wallet): lock, check and change it in one
    // statement, a round trip fewer on the commonest money writes.
    const [id, delta] = changes[0]!;
    const [after] = await changeOneBalance(tx, { id, delta });
    if (!after) {
      const [account] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
      throw new InsufficientFundsError(account!.key, account!.balanceCents, -delta);
    }
    if (!Number.isSafeInteger(after.balanceCents))
      throw new InvalidTransferError(`balance of ${after.key} overflows`);
    return;
  }
  // Several: locked in ascending id order first, so two posters cannot deadlock, then checked.
  const locked = await tx
    .select({ id: ledgerAccounts.id, key: ledgerAccounts.key, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.id,
        changes.map(([id]) => id),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  for (const account of locked) {
    const delta = deltas.get(account.id)!;
    const after = account.balanceCents + delta;
    if (after < 0) throw new InsufficientFundsError(account.key, account.balanceCents, -delta);
    if (!Number.isSafeInteger(after)) throw new InvalidTransferError(`balance of ${account.key} overflows`);
  }
  // One statement for all of them (the rows are locked).
  const values = sql.join(
    changes.map(([id, delta]) => sql`(${id}::integer, ${delta}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${ledgerAccounts} set balance_cents = ${ledgerAccounts}.balance_cents + d.delta
    from (values ${values}) as d(id, delta) where ${ledgerAccounts}.id = d.id`);
}

/**
 * Posts a balanced transfer, or returns the one already posted under the same idempotency key.
 * Pass the caller's transaction so the transfer commits with the domain rows it pays for;
 * given the plain db handle it runs in a transaction of its own. Its writes sit in a savepoint,
 * so a rejected transfer (InsufficientFundsError, IdempotencyConflictError) changes nothing
 * even if the caller catches the error and carries on.
 */
export function postTransfer(tx: Db, input: TransferInput): Promise<PostedTransfer> {
  return postTransferRecord(tx, input, null);
}

/** postTransfer, also recording which transfer this one reverses. For reverseTransfer only. */
export async function postTransferRecord(
  tx: Db,
  input: TransferInput,
  reversesTransferId: number | null,
): Promise<PostedTransfer> {
  const legs = validateTransfer(input);
  const wanted: Wanted = {
    key: input.idempotencyKey,
    kind: input.kind,
    fingerprint: fingerprint(legs),
    reversesTransferId,
  };
  // No look for the key first: a new transfer, by far the most common, would pay a round trip for it.
  // A retry finds its transfer at the claim below, having written nothing (its accounts exist; a
  // conflicting retry's new accounts go with the savepoint its error undoes).
  try {
    return await withSavepoint(tx, 'ledger_transfer', async (sp) => {
      const accounts = await ensureAccounts(
        sp,
        legs.map((leg) => leg.ref),
      );
      // Claim the key first: a concurrent twin waits here until we commit, then sees our transfer.
      const [inserted] = await claimTransfer(sp, {
        idempotencyKey: input.idempotencyKey,
        kind: input.kind,
        groupId: input.groupId ?? null,
        userId: input.userId ?? null,
        memo: input.memo ?? null,
        reversesTransferId,
        createdAt: input.at,
      });
      if (!inserted) return replay((await findTransfer(sp, input.idempotencyKey))!, wanted);

      // The cached balances to change. External accounts cache none (decision 0053): all of SaveCircle
      // posts to the same four, and their lock would make every money write wait for the others.
      const deltas = new Map<number, number>();
      for (const leg of legs) {
        if (leg.ref.kind === 'external') continue;
        const id = accounts.get(leg.key)!.id;
        deltas.set(id, (deltas.get(id) ?? 0) + leg.amountCents);
      }
      // Balances before entries: the accounts are locked before the entries' foreign keys share-lock
      // them, as every poster does, so two posters cannot deadlock over them.
      await changeBalances(sp, deltas);
      await insertEntries(
        sp,
        inserted.id,
        arrayParameter(legs.map((leg) => accounts.get(leg.key)!.id)),
        arrayParameter(legs.map((leg) => leg.amountCents)),
      );
      return { transferId: inserted.id, replayed: false };
    });
  } catch (error) {
    // Two reversals of one transfer under different keys: the unique index lets only one in.
    if (reversesTransferId !== null && postgresError(error)?.constraint === 'ledger_transfers_reverses_idx') {
      throw new TransferAlreadyReversedError(reversesTransferId);
    }
    throw error;
  }
}
