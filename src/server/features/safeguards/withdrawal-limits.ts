import { and, eq, gte, inArray, ne, sum } from 'drizzle-orm';
import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { groupSafeguards } from '#server/db/safeguards-schema.ts';
import { withdrawals } from '#server/db/withdrawals-schema.ts';
import { formatMoney } from '#shared/money.ts';
import { defaultSafeguardConfig } from '#shared/safeguards.ts';

const DAY_MS = 86_400_000;

/**
 * The transaction-limits safeguard: while a member belongs to a circle (recruiting or running)
 * that has it on, their withdrawals stay under its single and 24-hour caps; with several such
 * circles the strictest applies. Call it in the withdrawal's transaction after the wallet lock is
 * held (placeHold), with the new withdrawal already inserted, so concurrent requests count each other.
 */
export async function enforceWithdrawalLimits(tx: Db, userId: number, amountCents: number, now: Date) {
  const rules = await tx
    .select({ configuration: groupSafeguards.configuration })
    .from(groupSafeguards)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groupSafeguards.groupId))
    .innerJoin(groups, eq(groups.id, groupSafeguards.groupId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        eq(groupSafeguards.type, 'transaction_limits'),
        eq(groupSafeguards.enabled, true),
        inArray(groups.status, ['recruiting', 'active']),
      ),
    );
  if (rules.length === 0) return;
  const limits = rules.map((r) => ({ ...defaultSafeguardConfig.transaction_limits, ...r.configuration }));
  const perWithdrawal = Math.min(...limits.map((l) => l.perWithdrawalCents));
  const daily = Math.min(...limits.map((l) => l.dailyCents));
  const [today] = await tx
    .select({ cents: sum(withdrawals.amountCents) })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        ne(withdrawals.status, 'failed'),
        gte(withdrawals.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  if (amountCents > perWithdrawal || Number(today?.cents ?? 0) > daily)
    throw new AppError(
      'WITHDRAWAL_OVER_LIMIT',
      `This withdrawal is over a transaction limit set by one of your circles: up to ${formatMoney(perWithdrawal, 'en')} at a time and ${formatMoney(daily, 'en')} a day`,
    );
}
