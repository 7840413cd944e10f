import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf } from '#server/db/sql-rows.ts';

/** Money movements as the database records them: the same figures from every process. */
export type MoneyFigures = {
  contributionsPaid: number;
  /** Bank debits of contributions that failed (insufficient funds, closed account…). */
  contributionFailures: number;
  payoutsPaid: number;
  withdrawalsCompleted: number;
  withdrawalFailures: number;
};

const whole = (value: unknown) => Number(value ?? 0);

export async function moneyFigures(db: Db): Promise<MoneyFigures> {
  const rows = await rowsOf(
    db,
    sql`
    select
      (select count(*) from contributions where status = 'paid') as contributions_paid,
      (select count(*) from bank_debits where status = 'failed') as contribution_failures,
      (select count(*) from payouts where status = 'paid') as payouts_paid,
      (select count(*) from withdrawals where status = 'completed') as withdrawals_completed,
      (select count(*) from withdrawals where status = 'failed') as withdrawal_failures`,
  );
  const row = rows[0] ?? {};
  return {
    contributionsPaid: whole(row.contributions_paid),
    contributionFailures: whole(row.contribution_failures),
    payoutsPaid: whole(row.payouts_paid),
    withdrawalsCompleted: whole(row.withdrawals_completed),
    withdrawalFailures: whole(row.withdrawal_failures),
  };
}

export type QueueDepth = { queue: string; waiting: number; active: number; failed: number };

/**
 * pg-boss's jobs per queue, read from its table: every process's queue at once. Before the job
 * queue has ever started (its schema does not exist yet) there are none.
 */
export async function queueDepths(db: Db): Promise<QueueDepth[]> {
  const [exists] = await rowsOf(db, sql`select to_regclass('pgboss.job') is not null as present`);
  if (!exists?.present) return [];
  const rows = await rowsOf(
    db,
    sql`
    select name,
      count(*) filter (where state in ('created', 'retry')) as waiting,
      count(*) filter (where state = 'active') as active,
      count(*) filter (where state = 'failed') as failed
    from pgboss.job
    where state in ('created', 'retry', 'active', 'failed')
    group by name
    order by name`,
  );
  return rows.map((row) => ({
    queue: String(row.name),
    waiting: whole(row.waiting),
    active: whole(row.active),
    failed: whole(row.failed),
  }));
}
