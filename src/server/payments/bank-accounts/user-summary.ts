import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { users } from '#server/db/schema.ts';

/**
 * Keeps the spec's user fields (bankAccountId, bankAccountLast4, bankAccountVerified) in step with
 * the accounts: the first verified account, else the first connected one. Call inside the
 * transaction that changed an account.
 */
export async function syncUserBankSummary(tx: Db, userId: number) {
  const [primary] = await tx
    .select({ id: bankAccounts.id, last4: bankAccounts.last4, status: bankAccounts.status })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), inArray(bankAccounts.status, ['connected', 'verified'])))
    .orderBy(sql`case when ${bankAccounts.status} = 'verified' then 0 else 1 end`, asc(bankAccounts.id))
    .limit(1);
  await tx
    .update(users)
    .set({
      bankAccountId: primary ? String(primary.id) : null,
      bankAccountLast4: primary?.last4 ?? null,
      bankAccountVerified: primary?.status === 'verified',
    })
    .where(eq(users.id, userId));
}
