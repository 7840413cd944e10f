import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import type { Group } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { contributions, groupMembers } from '#server/db/groups-schema.ts';
import { memberDebts } from '#server/db/membership-schema.ts';
import { balanceOf } from '#server/ledger/balances.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { formatAmount } from '#shared/money.ts';

/**
 * Splits `cents` into `count` shares that differ by at most one cent and sum to `cents`;
 * the first `cents % count` shares carry the extra cent.
 */
export function equalShares(cents: number, count: number): number[] {
  const base = Math.floor(cents / count);
  const extra = cents - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * PRODUCT.md "Default protection": when the circle has completed, what is in its reserve is shared
 * among the members with no debts (no unpaid contribution, no penalty owed, no open member debt), in rotation order for
 * the odd cents. Runs at completion, and again whenever money reaches the reserve of a completed
 * circle (a late penalty paid afterwards). `trigger` names the event, so a retry pays nobody twice.
 * Call it holding the group's row lock.
 */
export async function distributeReserve(ctx: AppContext, tx: Db, group: Group, trigger: string) {
  const reserve = { kind: 'reserve' as const, groupId: group.id };
  const balance = await balanceOf(tx, reserve);
  if (balance <= 0) return null;

  const members = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id))
    .orderBy(asc(groupMembers.position));
  const debts = await tx
    .selectDistinct({ userId: contributions.userId })
    .from(contributions)
    .where(
      and(
        eq(contributions.groupId, group.id),
        or(ne(contributions.status, 'paid'), eq(contributions.penaltyStatus, 'owed')),
      ),
    );
  // Debts to the reserve recorded when a member left (docs/decisions/0029) count as debts too.
  const openDebts = await tx
    .selectDistinct({ userId: memberDebts.userId })
    .from(memberDebts)
    .where(and(eq(memberDebts.groupId, group.id), isNull(memberDebts.settledAt)));
  const owing = new Set([...debts, ...openDebts].map((d) => d.userId));
  const eligible = members.map((m) => m.userId).filter((id) => !owing.has(id));
  if (eligible.length === 0) return null;

  const now = ctx.clock.now();
  const shares = equalShares(balance, eligible.length);
  await postTransfer(tx, {
    idempotencyKey: `reserve-distribution:${group.id}:${trigger}`,
    kind: 'reserve_distribution',
    groupId: group.id,
    memo: 'Reserve shared among members without debts',
    at: now,
    legs: [
      { account: reserve, amountCents: -balance },
      ...eligible
        .map((userId, i) => ({ account: { kind: 'wallet' as const, userId }, amountCents: shares[i]! }))
        .filter((leg) => leg.amountCents > 0),
    ],
  });
  await recordAudit(tx, {
    action: 'reserve_distributed',
    subject: String(group.id),
    details: { trigger, cents: balance, members: eligible },
    at: now,
  });
  for (const [i, userId] of eligible.entries()) {
    if (shares[i]! === 0) continue;
    await notify(tx, now, [userId], 'reserve_shared', group.id, {
      groupName: group.name,
      amount: formatAmount(shares[i]!),
    });
  }
  return { cents: balance, members: eligible };
}
