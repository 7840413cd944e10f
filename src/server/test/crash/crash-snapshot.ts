import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A settlement whose processor event a killed server had taken from the queue: pg-boss leaves the
 * job `active` until it expires, so the event is applied only then.
 */
const strandedEvent = (providerRef: SQL) => sql`exists (select 1 from pgboss.job j
  where j.name = 'payment-event' and j.state = 'active' and j.data->>'providerRef' = ${providerRef})`;

type WithdrawalRow = {
  id: number;
  user_id: number;
  request_key: string | null;
  total: number;
  status: string;
  hold_count: number;
  hold_total: number | null;
  hold_status: string | null;
  hold_account: string | null;
  transfers: number;
  stranded: boolean;
};
type BankDebitRow = {
  id: number;
  user_id: number;
  request_key: string | null;
  group_id: number;
  cycle: number;
  contribution_user_id: number;
  status: string;
  stranded: boolean;
};
type ContributionRow = {
  id: number;
  group_id: number;
  cycle: number;
  user_id: number;
  status: string;
  transfers: number;
};
type WalletRow = { user_id: number; balance: number; held: number };

export type Snapshot = Awaited<ReturnType<typeof readSnapshot>>;

/** What the database holds, read with the server dead. */
export async function readSnapshot(db: Db) {
  const withdrawals = await rows<WithdrawalRow>(
    db,
    sql`select w.id, w.user_id, w.request_key, (w.amount_cents + w.fee_cents)::int as total, w.status,
          (select count(*)::int from ledger_holds x where x.idempotency_key = 'withdrawal:' || w.id) as hold_count,
          h.amount_cents::int as hold_total, h.status as hold_status, a.key as hold_account,
          (select count(*)::int from ledger_transfers t where t.idempotency_key = 'withdrawal:' || w.id) as transfers,
          ${strandedEvent(sql`w.provider_ref`)} as stranded
        from withdrawals w
        left join ledger_holds h on h.id = w.hold_id
        left join ledger_accounts a on a.id = h.account_id
        order by w.id`,
  );
  const bankDebits = await rows<BankDebitRow>(
    db,
    sql`select d.id, d.user_id, d.request_key, c.group_id, c.cycle, c.user_id as contribution_user_id,
          d.status, ${strandedEvent(sql`d.provider_ref`)} as stranded
        from bank_debits d join contributions c on c.id = d.contribution_id order by d.id`,
  );
  const contributions = await rows<ContributionRow>(
    db,
    sql`select c.id, c.group_id, c.cycle, c.user_id, c.status,
          (select count(*)::int from ledger_transfers t where t.idempotency_key = 'contribution:' || c.id) as transfers
        from contributions c order by c.id`,
  );
  const wallets = await rows<WalletRow>(
    db,
    sql`select a.user_id, a.balance_cents::int as balance,
          (select coalesce(sum(h.amount_cents), 0)::int from ledger_holds h
            where h.account_id = a.id and h.status = 'pending') as held
        from ledger_accounts a where a.kind = 'wallet'`,
  );
  const [counts] = await rows<{ payouts: number }>(db, sql`select count(*)::int as payouts from payouts`);
  const keys = await rows<{ user_id: number; key: string; status_code: number | null }>(
    db,
    sql`select user_id, key, status_code from idempotency_keys`,
  );
  const activeJobs = await rows<{ name: string; count: number }>(
    db,
    sql`select name, count(*)::int as count from pgboss.job where state = 'active' group by name order by name`,
  );
  return {
    withdrawals,
    bankDebits,
    contributions,
    wallets: new Map(wallets.map((w) => [w.user_id, w])),
    payouts: counts!.payouts,
    /** Idempotency claims without a reply: requests the kill cut short. */
    unrepliedClaims: keys.filter((k) => k.status_code === null).length,
    /** Each Idempotency-Key's status code, by `userId key`; null while claimed without a reply. */
    keys: new Map(keys.map((k) => [`${k.user_id} ${k.key}`, k.status_code])),
    /** Jobs a killed server had started; pg-boss leaves them active until they expire. */
    activeJobs,
    invariantProblems: await checkLedgerInvariants(db),
  };
}
