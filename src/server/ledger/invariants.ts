import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** Enough examples per rule to diagnose; a broken ledger should not produce a million lines. */
const LIMIT = 20;

/**
 * One statement, so the check is a single round trip and sees one snapshot of the ledger.
 * Each branch is one rule; each row it returns is one violation, already worded.
 */
const query = sql`
  with account_totals as (
    select account_id, sum(amount_cents) as total from ledger_entries group by account_id
  )
  (select 'transfer ' || t.id || ' has ' || count(e.id) || ' entries summing to '
      || coalesce(sum(e.amount_cents), 0) || ' (needs at least 2 entries summing to 0)' as problem
    from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
    group by t.id
    having count(e.id) < 2 or coalesce(sum(e.amount_cents), 0) <> 0
    order by t.id limit ${LIMIT})
  union all
  (select 'account ' || a.key || ' caches balance ' || a.balance_cents
      || ' but its entries sum to ' || coalesce(s.total, 0)
    from ledger_accounts a left join account_totals s on s.account_id = a.id
    where a.kind <> 'external' and a.balance_cents <> coalesce(s.total, 0)
    order by a.id limit ${LIMIT})
  union all
  (select 'external account ' || a.key || ' caches balance ' || a.balance_cents || ' (it keeps none)'
    from ledger_accounts a
    where a.kind = 'external' and a.balance_cents <> 0
    order by a.id limit ${LIMIT})
  union all
  (select 'account ' || a.key || ' is negative: ' || a.balance_cents
    from ledger_accounts a
    where a.kind <> 'external' and a.balance_cents < 0
    order by a.id limit ${LIMIT})
  union all
  (select 'account ' || a.key || ' holds ' || sum(h.amount_cents) || ' pending but has only ' || a.balance_cents
    from ledger_accounts a join ledger_holds h on h.account_id = a.id and h.status = 'pending'
    group by a.id, a.key, a.balance_cents
    having sum(h.amount_cents) > a.balance_cents
    order by a.id limit ${LIMIT})
  union all
  (select 'hold ' || h.id || ' is captured without its transfer'
    from ledger_holds h
    where h.status = 'captured' and h.transfer_id is null
    order by h.id limit ${LIMIT})
  union all
  (select 'reversal ' || id || ' does not cancel transfer ' || original
    from (
      select id, original from (
        select r.id, r.reverses_transfer_id as original, e.account_id, e.amount_cents
          from ledger_transfers r join ledger_entries e on e.transfer_id = r.id
          where r.reverses_transfer_id is not null
        union all
        select r.id, r.reverses_transfer_id, e.account_id, e.amount_cents
          from ledger_transfers r join ledger_entries e on e.transfer_id = r.reverses_transfer_id
      ) pair
      group by id, original, account_id
      having sum(amount_cents) <> 0
    ) uncancelled
    group by id, original
    order by id limit ${LIMIT})
`;

/**
 * Checks the ledger's invariants with aggregate SQL and returns one line per violation
 * (an empty array means healthy):
 * - every transfer has at least two entries and its entries sum to zero;
 * - every account's cached balance equals the sum of its entries;
 * - no wallet, escrow, reserve or fee account is negative;
 * - every reversal exactly cancels the transfer it reverses, account by account;
 * - no account has more held (pending holds) than its balance, and a captured hold has its transfer.
 */
export async function checkLedgerInvariants(db: Db): Promise<string[]> {
  // Both drivers (pg and PGlite) answer execute() with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: { problem: string }[] };
  return result.rows.map((row) => row.problem);
}
