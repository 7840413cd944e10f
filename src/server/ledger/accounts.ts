import { sql } from 'drizzle-orm';
import { arrayParameter } from '#server/db/array-parameter.ts';
import type { Db } from '#server/db/client.ts';
import { prepared } from '#server/db/prepared.ts';
import { type LedgerAccountKind, ledgerAccounts } from './schema.ts';

/** `marketing`: the company's promotions budget, outside the ledger (decision 0033). */
export type ExternalAccountName = 'bank' | 'cash' | 'card' | 'marketing';

/** Names a ledger account; the account row is created the first time it is used. */
export type AccountRef =
  | { kind: 'wallet'; userId: number }
  | { kind: 'escrow'; groupId: number; cycle: number }
  | { kind: 'reserve'; groupId: number }
  | { kind: 'fee_revenue' }
  /** Referral rewards pass through here: funded from external:marketing, paid out to wallets. */
  | { kind: 'promotions' }
  | { kind: 'external'; name: ExternalAccountName };

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;

const externalNames: readonly ExternalAccountName[] = ['bank', 'cash', 'card', 'marketing'];

function assertId(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a non-negative integer`);
}

/** The account's unique key: `wallet:12`, `escrow:5:3`, `reserve:5`, `fee_revenue`, `promotions`, `external:bank`. */
export function accountKey(ref: AccountRef): string {
  switch (ref.kind) {
    case 'wallet':
      assertId(ref.userId, 'userId');
      return `wallet:${ref.userId}`;
    case 'escrow':
      assertId(ref.groupId, 'groupId');
      assertId(ref.cycle, 'cycle');
      return `escrow:${ref.groupId}:${ref.cycle}`;
    case 'reserve':
      assertId(ref.groupId, 'groupId');
      return `reserve:${ref.groupId}`;
    case 'fee_revenue':
      return 'fee_revenue';
    case 'promotions':
      return 'promotions';
    case 'external':
      if (!externalNames.includes(ref.name)) throw new RangeError(`unknown external account ${ref.name}`);
      return `external:${ref.name}`;
  }
}

/** The row values an account is created with. */
function accountRow(ref: AccountRef) {
  return {
    key: accountKey(ref),
    kind: ref.kind satisfies LedgerAccountKind,
    userId: ref.kind === 'wallet' ? ref.userId : null,
    groupId: ref.kind === 'escrow' || ref.kind === 'reserve' ? ref.groupId : null,
    cycle: ref.kind === 'escrow' ? ref.cycle : null,
  };
}

/** The reference that names an existing account row (used to reverse its entries). */
export function accountRefOf(account: Pick<LedgerAccount, 'key' | 'kind' | 'userId' | 'groupId' | 'cycle'>) {
  const ref = ((): AccountRef => {
    switch (account.kind) {
      case 'wallet':
        return { kind: 'wallet', userId: account.userId! };
      case 'escrow':
        return { kind: 'escrow', groupId: account.groupId!, cycle: account.cycle! };
      case 'reserve':
        return { kind: 'reserve', groupId: account.groupId! };
      case 'fee_revenue':
        return { kind: 'fee_revenue' };
      case 'promotions':
        return { kind: 'promotions' };
      case 'external':
        return { kind: 'external', name: account.key.slice('external:'.length) as ExternalAccountName };
    }
  })();
  if (accountKey(ref) !== account.key)
    throw new Error(`ledger account ${account.key} does not match its columns`);
  return ref;
}

// Built once (db/prepared.ts): every transfer reads its accounts.
const accountsByKey = prepared<{ keys: string }, LedgerAccount[]>('ledger_accounts_by_key', (db) =>
  db
    .select()
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.key} = any(${sql.placeholder('keys')}::text[])`),
);

/**
 * Returns the accounts by key, creating those that do not exist yet. Existing accounts are only
 * read (no insert, so no identity value is burnt). Inserts go in key order so that two
 * transactions creating the same accounts cannot deadlock.
 */
export async function ensureAccounts(tx: Db, refs: AccountRef[]): Promise<Map<string, LedgerAccount>> {
  const rows = new Map(refs.map((ref) => [accountKey(ref), accountRow(ref)]));
  const read = async () => {
    const found = await accountsByKey(tx, { keys: arrayParameter([...rows.keys()]) });
    return new Map(found.map((account) => [account.key, account]));
  };
  if (rows.size === 0) return new Map();
  const accounts = await read();
  if (accounts.size === rows.size) return accounts;
  const missing = [...rows.values()]
    .filter((row) => !accounts.has(row.key))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // A concurrent creator makes this wait for its commit, then do nothing; the re-read finds its row.
  await tx.insert(ledgerAccounts).values(missing).onConflictDoNothing({ target: ledgerAccounts.key });
  return read();
}

/** The account for `ref`, created (with a zero balance) if it does not exist yet. */
export async function ensureAccount(tx: Db, ref: AccountRef): Promise<LedgerAccount> {
  const accounts = await ensureAccounts(tx, [ref]);
  return accounts.get(accountKey(ref))!;
}
