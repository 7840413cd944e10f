import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  contributions,
  groupMembers,
  groups,
  ledgerAccounts,
  ledgerHolds,
  memberDebts,
  withdrawals,
} from '#server/db/schema.ts';
import type { DeletionBlockReason } from '#shared/schemas/account-data.ts';

/**
 * Every reason the account cannot be deleted now, all at once so the person sees the whole list.
 * Run inside the deleting transaction after the user's row is locked, so what it saw still holds.
 */
export async function deletionBlocks(tx: Db, userId: number): Promise<DeletionBlockReason[]> {
  const reasons: DeletionBlockReason[] = [];
  const circles = await tx
    .selectDistinct({ status: groups.status })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), ne(groups.status, 'completed')));
  if (circles.some((c) => c.status === 'recruiting')) reasons.push('IN_RECRUITING_CIRCLE');
  if (circles.some((c) => c.status === 'active')) reasons.push('IN_ACTIVE_CIRCLE');

  const wallets = await tx
    .select({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'wallet')));
  if (wallets.some((w) => w.balanceCents > 0)) reasons.push('WALLET_NOT_EMPTY');
  const [held] = wallets.length
    ? await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerHolds)
        .where(
          and(
            inArray(
              ledgerHolds.accountId,
              wallets.map((w) => w.id),
            ),
            eq(ledgerHolds.status, 'pending'),
          ),
        )
    : [{ n: 0 }];
  const [moving] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ['requested', 'processing'])));
  if ((held?.n ?? 0) > 0 || (moving?.n ?? 0) > 0) reasons.push('MONEY_ON_HOLD');

  const [owed] = await tx
    .select({
      penalties: sql<number>`count(*) filter (where ${contributions.penaltyStatus} = 'owed')::int`,
      unpaid: sql<number>`count(*) filter (where ${contributions.status} <> 'paid')::int`,
    })
    .from(contributions)
    .where(eq(contributions.userId, userId));
  if ((owed?.penalties ?? 0) > 0) reasons.push('PENALTY_OWED');
  // A debt to a circle's reserve left by leaving it (docs/decisions/0029) is owed contributions too.
  const [debts] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(memberDebts)
    .where(and(eq(memberDebts.userId, userId), isNull(memberDebts.settledAt)));
  if ((owed?.unpaid ?? 0) > 0 || (debts?.n ?? 0) > 0) reasons.push('CONTRIBUTION_OWED');
  return reasons;
}
