import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type AccountRef, accountKey } from './accounts.ts';
import { ledgerAccounts } from './schema.ts';

/**
 * The balance of the `ledger_accounts` row named `alias`, as SQL: its cached balance, or for an
 * external account, which caches none (decision 0053), the sum of its entries.
 */
export const balanceSql = (alias: string) =>
  sql.raw(`case when ${alias}.kind = 'external'
    then (select coalesce(sum(e.amount_cents), 0) from ledger_entries e where e.account_id = ${alias}.id)
    else ${alias}.balance_cents end`);

/** The account's balance in cents; 0 for an account that has never been used. */
export async function balanceOf(tx: Db, ref: AccountRef): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`${balanceSql('ledger_accounts')}`.mapWith(Number) })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey(ref)));
  return row?.cents ?? 0;
}
