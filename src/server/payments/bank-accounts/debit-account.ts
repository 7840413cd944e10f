import { and, asc, eq, ne } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import type { BankAccountRow } from './serialize.ts';

/**
 * The verified account money may be pulled from: the one asked for, else the person's oldest
 * verified one. No live account at all → the spec's "No bank account connected" error; only
 * unverified ones → verify first.
 */
export async function verifiedAccountFor(
  db: Db,
  userId: number,
  bankAccountId?: number,
): Promise<BankAccountRow> {
  const live = await db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        ne(bankAccounts.status, 'removed'),
        bankAccountId === undefined ? undefined : eq(bankAccounts.id, bankAccountId),
      ),
    )
    .orderBy(asc(bankAccounts.id));
  if (live.length === 0)
    throw new AppError(bankAccountId === undefined ? 'NO_BANK_ACCOUNT' : 'BANK_ACCOUNT_NOT_FOUND');
  const verified = live.find((account) => account.status === 'verified');
  if (!verified) throw new AppError('BANK_ACCOUNT_NOT_VERIFIED');
  return verified;
}
