import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type AccountRef, accountKey } from './accounts.ts';
import { ledgerAccounts } from './schema.ts';

/** The account's balance in cents; 0 for an account that has never been used. */
export async function balanceOf(tx: Db, ref: AccountRef): Promise<number> {
  const [row] = await tx
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey(ref)));
  return row?.balanceCents ?? 0;
}
