import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { bankDebits } from '#server/db/autopay-schema.ts';
import { contributions } from '#server/db/groups-schema.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { users } from '#server/db/schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * A circle's bank debits, newest first: a member sees their own, an admin everyone's (to follow up
 * on failures). Failures stay listed with the bank's reason.
 */
export async function listBankDebits(ctx: AppContext, user: SessionUser, groupId: number, limit = 50) {
  const { db } = ctx.database;
  const { group, membership } = await requireMember(db, groupId, user.id);
  const admin = isGroupAdmin(group, membership);
  const rows = await db
    .select({
      d: bankDebits,
      cycle: contributions.cycle,
      userName: users.fullName,
      bankName: bankAccounts.bankName,
      last4: bankAccounts.last4,
    })
    .from(bankDebits)
    .innerJoin(contributions, eq(contributions.id, bankDebits.contributionId))
    .innerJoin(users, eq(users.id, bankDebits.userId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankDebits.bankAccountId))
    .where(and(eq(bankDebits.groupId, groupId), admin ? undefined : eq(bankDebits.userId, user.id)))
    .orderBy(desc(bankDebits.id))
    .limit(limit);
  return {
    bankDebits: rows.map(({ d, cycle, userName, bankName, last4 }) => ({
      id: d.id,
      contributionId: d.contributionId,
      cycle,
      userId: d.userId,
      userName,
      amount: formatAmount(d.amountCents),
      source: d.source,
      attempt: d.attempt,
      status: d.status,
      // The member's own account; an admin sees only whose debit it was.
      bankAccount: d.userId === user.id ? { bankName, last4 } : null,
      failureCode: d.failureCode,
      failureMessage: d.failureMessage,
      createdAt: d.createdAt.toISOString(),
      settledAt: d.settledAt?.toISOString() ?? null,
    })),
  };
}
