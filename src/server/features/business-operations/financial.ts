import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { FinancialFigures } from '#shared/schemas/business-operations.ts';
import { num, rows, within } from './sql-rows.ts';
import type { Window, Windows } from './windows.ts';

/**
 * The money figures of one window, from the ledger (and the withdrawals' own records for their
 * fees): one aggregate over the window's entries, one for the wallets at its end, one for withdrawals.
 */
export async function financialFigures(db: Db, window: Window): Promise<FinancialFigures> {
  const at = sql.raw('t.created_at');
  const [ledger] = await rows(
    db,
    sql`select
      coalesce(sum(e.amount_cents) filter (where t.kind = 'contribution' and e.amount_cents > 0), 0)::bigint as contributions,
      count(distinct t.id) filter (where t.kind = 'contribution')::int as contribution_count,
      coalesce(-sum(e.amount_cents) filter (where t.kind = 'payout' and a.kind = 'escrow'), 0)::bigint as payouts,
      count(distinct t.id) filter (where t.kind = 'payout' and a.kind = 'escrow')::int as payout_count,
      coalesce(sum(e.amount_cents) filter (where a.kind = 'fee_revenue'), 0)::bigint as fees,
      coalesce(sum(e.amount_cents) filter (where t.kind = 'reserve_cover' and e.amount_cents > 0), 0)::bigint as reserve_cover,
      count(distinct t.id) filter (where t.kind = 'reserve_cover')::int as reserve_cover_count
    from ledger_entries e
    join ledger_transfers t on t.id = e.transfer_id
    join ledger_accounts a on a.id = e.account_id
    where ${within(at, window)}`,
  );
  const [wallets] = await rows(
    db,
    sql`select coalesce(sum(e.amount_cents), 0)::bigint as held
    from ledger_entries e
    join ledger_transfers t on t.id = e.transfer_id
    join ledger_accounts a on a.id = e.account_id
    where a.kind = 'wallet' and t.created_at < ${window.to.toISOString()}::timestamptz`,
  );
  const [paidOut] = await rows(
    db,
    sql`select coalesce(sum(amount_cents), 0)::bigint as amount, coalesce(sum(fee_cents), 0)::bigint as fees
    from withdrawals where status = 'completed' and ${within(sql.raw('settled_at'), window)}`,
  );
  return {
    contributionsCents: num(ledger?.contributions),
    contributionsCount: num(ledger?.contribution_count),
    payoutsCents: num(ledger?.payouts),
    payoutsCount: num(ledger?.payout_count),
    feeRevenueCents: num(ledger?.fees),
    walletsHeldCents: num(wallets?.held),
    reserveCoverCents: num(ledger?.reserve_cover),
    reserveCoverCount: num(ledger?.reserve_cover_count),
    withdrawalsCents: num(paidOut?.amount),
    withdrawalFeesCents: num(paidOut?.fees),
  };
}

/** Fee revenue by the kind of transfer that earned it, this window against the previous one. */
export async function feesByKind(db: Db, windows: Windows) {
  const at = sql.raw('t.created_at');
  const found = await rows(
    db,
    sql`select t.kind,
      coalesce(sum(e.amount_cents) filter (where ${within(at, windows.current)}), 0)::bigint as current,
      coalesce(sum(e.amount_cents) filter (where ${within(at, windows.previous)}), 0)::bigint as previous
    from ledger_entries e
    join ledger_transfers t on t.id = e.transfer_id
    join ledger_accounts a on a.id = e.account_id
    where a.kind = 'fee_revenue' and t.created_at >= ${windows.previous.from.toISOString()}::timestamptz
      and t.created_at < ${windows.current.to.toISOString()}::timestamptz
    group by t.kind order by t.kind`,
  );
  return found.map((row) => ({
    kind: String(row.kind),
    current: num(row.current),
    previous: num(row.previous),
  }));
}

/** Completed withdrawals by method: how many, how much and their fees, this window and the previous. */
export async function withdrawalsByMethod(db: Db, windows: Windows) {
  const at = sql.raw('settled_at');
  const now = within(at, windows.current);
  const before = within(at, windows.previous);
  const found = await rows(
    db,
    sql`select method,
      count(*) filter (where ${now})::int as count,
      coalesce(sum(amount_cents) filter (where ${now}), 0)::bigint as amount,
      coalesce(sum(fee_cents) filter (where ${now}), 0)::bigint as fees,
      count(*) filter (where ${before})::int as previous_count,
      coalesce(sum(amount_cents) filter (where ${before}), 0)::bigint as previous_amount
    from withdrawals
    where status = 'completed' and (${now} or ${before})
    group by method order by method`,
  );
  return found.map((row) => ({
    method: String(row.method),
    count: num(row.count),
    amountCents: num(row.amount),
    feeCents: num(row.fees),
    previousCount: num(row.previous_count),
    previousAmountCents: num(row.previous_amount),
  }));
}
