import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import type { BankAccountRow } from './serialize.ts';

/**
 * The signed-in user's live account with this id, row-locked when `lock` is set. Someone else's
 * account and a removed one are both "not found": ids of other people's accounts reveal nothing.
 */
export async function ownLiveAccount(
  db: Db,
  userId: number,
  id: number,
  lock = false,
): Promise<BankAccountRow> {
  const query = db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId), ne(bankAccounts.status, 'removed')));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
  return row;
}
