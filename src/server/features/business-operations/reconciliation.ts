import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Reconciliation } from '#shared/schemas/business-operations.ts';
import { num, rows, within } from './sql-rows.ts';
import type { Window } from './windows.ts';

/** At most this many differing rows are listed (the totals still cover every row). */
const MAX_DIFFERENCES = 200;

/**
 * What the payment provider reports settled within the window (bank debits that succeeded,
 * withdrawals it paid out) against what the ledger moved to or from the outside world for each:
 * a debit's contribution transfer (or its overpayment transfer, when the contribution was paid
 * meanwhile), a withdrawal's transfer. A settled record with no transfer shows a ledger amount of 0.
 */
export async function reconciliation(db: Db, window: Window): Promise<Reconciliation> {
  const settled = settledRecords(window);
  const [totals] = await rows(
    db,
    sql`with settled as (${settled}) select count(*)::int as n,
      coalesce(sum(provider_cents), 0)::bigint as provider, coalesce(sum(ledger_cents), 0)::bigint as ledger
    from settled`,
  );
  const differing = await rows(
    db,
    sql`with settled as (${settled}) select * from settled where provider_cents <> ledger_cents
    order by settled_at, source, id limit ${MAX_DIFFERENCES}`,
  );
  const providerCents = num(totals?.provider);
  const ledgerCents = num(totals?.ledger);
  return {
    settledCount: num(totals?.n),
    providerCents,
    ledgerCents,
    differenceCents: providerCents - ledgerCents,
    differences: differing.map((row) => ({
      source: row.source as 'bank_debit' | 'withdrawal',
      id: num(row.id),
      providerRef: (row.provider_ref as string | null) ?? null,
      settledAt: new Date(row.settled_at as string).toISOString(),
      providerCents: num(row.provider_cents),
      ledgerCents: num(row.ledger_cents),
      differenceCents: num(row.provider_cents) - num(row.ledger_cents),
    })),
  };
}

/** Each settled provider record with the ledger's amount for it. */
function settledRecords(window: Window) {
  const external = (key: ReturnType<typeof sql>) => sql`(select sum(e.amount_cents) from ledger_transfers t
    join ledger_entries e on e.transfer_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.kind = 'external'
    where t.idempotency_key = ${key})`;
  return sql`select 'bank_debit' as source, d.id, d.provider_ref, d.settled_at, d.amount_cents as provider_cents,
      coalesce(-${external(sql`'debit-overpayment:' || d.id`)}, -${external(sql`'contribution:' || d.contribution_id`)}, 0)::bigint
        as ledger_cents
    from bank_debits d
    where d.status = 'succeeded' and ${within(sql.raw('d.settled_at'), window)}
    union all
    select 'withdrawal', w.id, w.provider_ref, w.settled_at, w.amount_cents,
      coalesce(${external(sql`'withdrawal:' || w.id`)}, 0)::bigint
    from withdrawals w
    where w.status = 'completed' and ${within(sql.raw('w.settled_at'), window)}`;
}
