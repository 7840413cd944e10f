import { AppError } from '#server/core/errors.ts';
import type { Db } from '#server/db/client.ts';
import { num } from '#server/db/sql-rows.ts';
import { statement } from '#server/db/statement.ts';
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
  const rules = await limitRules(tx, userId);
  if (rules.length === 0) return;
  const limits = rules.map((r) => ({ ...defaultSafeguardConfig.transaction_limits, ...r.configuration }));
  const perWithdrawal = Math.min(...limits.map((l) => l.perWithdrawalCents));
  const daily = Math.min(...limits.map((l) => l.dailyCents));
  const [today] = await withdrawnSince(tx, userId, new Date(now.getTime() - DAY_MS).toISOString());
  if (amountCents > perWithdrawal || num(today?.cents) > daily)
    throw new AppError(
      'WITHDRAWAL_OVER_LIMIT',
      `This withdrawal is over a transaction limit set by one of your circles: up to ${formatMoney(perWithdrawal, 'en')} at a time and ${formatMoney(daily, 'en')} a day`,
    );
}

// On every withdrawal request: SQL rather than Drizzle queries built each time (db/statement.ts).
const limitRules = statement<{ configuration: Record<string, number> }, [number]>(
  'withdrawal_limit_rules',
  `select s.configuration from group_safeguards s
   join group_members m on m.group_id = s.group_id
   join groups g on g.id = s.group_id
   where m.user_id = $1 and s.type = 'transaction_limits' and s.enabled
     and g.status in ('recruiting', 'active')`,
);

const withdrawnSince = statement<{ cents: unknown }, [number, string]>(
  'withdrawn_since',
  `select sum(amount_cents) as cents from withdrawals
   where user_id = $1 and status <> 'failed' and created_at >= $2`,
);
