import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type AccountRef, accountKey } from './accounts.ts';
import { ledgerAccounts, ledgerEntries } from './schema.ts';

/**
 * The account's balance in cents; 0 for an account that has never been used. An external account
 * caches none (decision 0053): its balance is the sum of its entries.
 */
export async function balanceOf(tx: Db, ref: AccountRef): Promise<number> {
  if (ref.kind === 'external') {
    const [row] = await tx
      .select({ cents: sql<string | null>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerAccounts.key, accountKey(ref)));
    return Number(row?.cents ?? 0);
  }
  const [row] = await tx
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey(ref)));
  return row?.balanceCents ?? 0;
}
