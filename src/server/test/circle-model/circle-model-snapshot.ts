import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { balanceSql } from '#server/ledger/balances.ts';

type Rows<T> = T[];
export type Snapshot = {
  groupRows: Rows<{
    id: number;
    status: string;
    frozen: boolean;
    currentMembers: number;
    memberLimit: number;
    currentCycle: number;
  }>;
  memberRows: Rows<{
    groupId: number;
    userId: number;
    position: number | null;
    role: string;
    status: string;
  }>;
  cycleRows: Rows<{
    groupId: number;
    id: number;
    number: number;
    dueOn: string;
    payoutOn: string;
    recipientUserId: number | null;
    status: string;
  }>;
  contributionRows: Rows<{
    id: number;
    groupId: number;
    cycle: number;
    userId: number;
    amountCents: number;
    dueDate: string;
    status: string;
    paymentMethod: string;
    late: boolean;
    penaltyCents: number;
    penaltyStatus: string;
    paidAt: number | null;
  }>;
  payoutRows: Rows<{
    groupId: number;
    cycle: number;
    recipientId: number;
    amountCents: number;
    feeCents: number;
    poolCents: number;
    delivery: string;
    receiptStatus: string;
  }>;
  accountRows: Rows<{ key: string; balance: number }>;
  /** Cents shared out of each group's reserve. */
  distributed: Record<string, number>;
  /** Cents the model put in each group's reserve at the start. */
  seeded: Record<string, number>;
  /** Per group: money that came in from outside its accounts (contributions, penalties, debts paid). */
  paidIn: Record<string, number>;
  debtRows: Rows<{
    id: number;
    groupId: number;
    userId: number;
    reason: string;
    amountCents: number;
    paidCents: number;
    settled: boolean;
  }>;
  /** Pending holds per wallet account key. */
  held: Record<string, number>;
  debitRows: Rows<{
    id: number;
    groupId: number;
    contributionId: number;
    userId: number;
    bankId: number;
    amountCents: number;
    source: string;
    attempt: number;
    status: string;
  }>;
  scheduleRows: Rows<{
    groupId: number;
    userId: number;
    bankId: number;
    status: string;
    failureCount: number;
  }>;
  withdrawalRows: Rows<{
    id: number;
    userId: number;
    method: string;
    amountCents: number;
    feeCents: number;
    status: string;
  }>;
  safeguardRows: Rows<{
    groupId: number;
    type: string;
    enabled: boolean;
    configuration: Record<string, number>;
  }>;
  actionRows: Rows<{
    id: number;
    groupId: number;
    type: string;
    requestedBy: number | null;
    requiredApprovals: number;
    status: string;
    executed: boolean;
    blockedBy: string | null;
    approvers: number[];
  }>;
  disputeRows: Rows<{
    id: number;
    groupId: number;
    cycle: number;
    openedBy: number;
    status: string;
    resolvedBy: number | null;
  }>;
};

/** Everything the model is compared with, for these groups and users, in one round trip. */
export async function snapshot(db: Db, groupIds: number[], userIds: number[]): Promise<Snapshot> {
  const gs = `{${groupIds.join(',')}}`;
  const us = `{${userIds.join(',')}}`;
  const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::bigint`);
  // Per group: what transfers of this kind took out of (-1) or put into (1) its reserve.
  const reserveFlow = (
    kind: string,
    sign: 1 | -1,
  ) => sql`(select coalesce(json_object_agg(t.group_id, t.cents), '{}') from (
      select tr.group_id, ${sign}::int * sum(e.amount_cents)::bigint as cents
      from ledger_transfers tr
      join ledger_entries e on e.transfer_id = tr.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'reserve'
      where tr.kind = ${kind} and tr.group_id = any(${gs}::int[])
      group by tr.group_id) t)`;
  const result = (await db.execute(sql`
    select json_build_object(
      'groupRows', (select coalesce(json_agg(json_build_object(
          'id', id, 'status', status, 'frozen', frozen, 'currentMembers', current_members,
          'memberLimit', member_limit, 'currentCycle', current_cycle)), '[]')
        from groups where id = any(${gs}::int[])),
      'memberRows', (select coalesce(json_agg(json_build_object(
          'groupId', group_id, 'userId', user_id, 'position', position, 'role', role,
          'status', status)), '[]')
        from group_members where group_id = any(${gs}::int[])),
      'cycleRows', (select coalesce(json_agg(json_build_object(
          'groupId', group_id, 'id', id, 'number', number, 'dueOn', due_on, 'payoutOn', payout_on,
          'recipientUserId', recipient_user_id, 'status', status)), '[]')
        from cycles where group_id = any(${gs}::int[])),
      'contributionRows', (select coalesce(json_agg(json_build_object(
          'id', id, 'groupId', group_id, 'cycle', cycle, 'userId', user_id, 'amountCents', amount_cents,
          'dueDate', due_date, 'status', status, 'paymentMethod', payment_method, 'late', late,
          'penaltyCents', penalty_cents, 'penaltyStatus', penalty_status, 'paidAt', ${ms('paid_at')})), '[]')
        from contributions where group_id = any(${gs}::int[])),
      'payoutRows', (select coalesce(json_agg(json_build_object(
          'groupId', group_id, 'cycle', cycle, 'recipientId', recipient_id, 'amountCents', amount_cents,
          'feeCents', fee_cents, 'poolCents', pool_cents, 'delivery', delivery,
          'receiptStatus', receipt_status)), '[]')
        from payouts where group_id = any(${gs}::int[])),
      'accountRows', (select coalesce(json_agg(json_build_object('key', key, 'balance', ${balanceSql('a')})), '[]')
        from ledger_accounts a
        where group_id = any(${gs}::int[]) or user_id = any(${us}::int[])
          or key in ('fee_revenue', 'external:cash', 'external:bank')),
      'distributed', ${reserveFlow('reserve_distribution', -1)},
      'seeded', ${reserveFlow('model_reserve_seed', 1)},
      'paidIn', (select coalesce(json_object_agg(t.group_id, t.cents), '{}') from (
          select tr.group_id, -sum(e.amount_cents)::bigint as cents
          from ledger_entries e join ledger_transfers tr on tr.id = e.transfer_id
          join ledger_accounts a on a.id = e.account_id
          where tr.group_id = any(${gs}::int[]) and tr.kind in ('contribution', 'penalty', 'debt_payment')
            and a.key not like 'escrow:%' and a.key not like 'reserve:%'
          group by tr.group_id) t),
      'debtRows', (select coalesce(json_agg(json_build_object(
          'id', id, 'groupId', group_id, 'userId', user_id, 'reason', reason, 'amountCents', amount_cents,
          'paidCents', paid_cents, 'settled', settled_at is not null)), '[]')
        from member_debts where group_id = any(${gs}::int[])),
      'held', (select coalesce(json_object_agg(t.key, t.cents), '{}') from (
          select a.key, sum(h.amount_cents)::bigint as cents
          from ledger_holds h join ledger_accounts a on a.id = h.account_id
          where h.status = 'pending' and a.user_id = any(${us}::int[])
          group by a.key) t),
      'debitRows', (select coalesce(json_agg(json_build_object(
          'id', id, 'groupId', group_id, 'contributionId', contribution_id, 'userId', user_id,
          'bankId', bank_account_id, 'amountCents', amount_cents, 'source', source, 'attempt', attempt,
          'status', status)), '[]')
        from bank_debits where group_id = any(${gs}::int[])),
      'scheduleRows', (select coalesce(json_agg(json_build_object(
          'groupId', group_id, 'userId', user_id, 'bankId', bank_account_id, 'status', status,
          'failureCount', failure_count)), '[]')
        from payment_schedules where group_id = any(${gs}::int[])),
      'withdrawalRows', (select coalesce(json_agg(json_build_object(
          'id', id, 'userId', user_id, 'method', method, 'amountCents', amount_cents,
          'feeCents', fee_cents, 'status', status)), '[]')
        from withdrawals where user_id = any(${us}::int[])),
      'safeguardRows', (select coalesce(json_agg(json_build_object(
          'groupId', group_id, 'type', type, 'enabled', enabled, 'configuration', configuration)), '[]')
        from group_safeguards where group_id = any(${gs}::int[])),
      'actionRows', (select coalesce(json_agg(json_build_object(
          'id', pa.id, 'groupId', pa.group_id, 'type', pa.type, 'requestedBy', pa.requested_by,
          'requiredApprovals', pa.required_approvals, 'status', pa.status,
          'executed', pa.executed_at is not null, 'blockedBy', pa.blocked_by,
          'approvers', (select coalesce(json_agg(ap.user_id order by ap.user_id), '[]')
            from pending_action_approvals ap where ap.action_id = pa.id))), '[]')
        from pending_actions pa where pa.group_id = any(${gs}::int[])),
      'disputeRows', (select coalesce(json_agg(json_build_object(
          'id', id, 'groupId', group_id, 'cycle', cycle, 'openedBy', opened_by, 'status', status,
          'resolvedBy', resolved_by)), '[]')
        from escrow_disputes where group_id = any(${gs}::int[]))
    ) as snapshot
  `)) as unknown as { rows: { snapshot: Snapshot | string }[] };
  const value = result.rows[0]!.snapshot;
  return typeof value === 'string' ? (JSON.parse(value) as Snapshot) : value;
}
