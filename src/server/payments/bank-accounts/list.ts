import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import type { BankAccountList } from '#shared/schemas/payments.ts';
import { providerInfo } from '../provider.ts';
import { toBankAccountView } from './serialize.ts';

/** GET /api/user-bank-accounts: the user's own linked accounts, oldest first, and which provider runs. */
export async function listBankAccounts(ctx: AppContext, userId: number): Promise<BankAccountList> {
  const rows = await ctx.database.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), ne(bankAccounts.status, 'removed')))
    .orderBy(asc(bankAccounts.id));
  return { bankAccounts: rows.map(toBankAccountView), provider: providerInfo(ctx.config.payments) };
}
