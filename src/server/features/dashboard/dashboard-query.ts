import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isoInstant, jsonObject } from '#server/db/json-row.ts';
import { jsonStatement } from '#server/db/json-statement.ts';
import { users } from '#server/db/schema.ts';
import { milestoneThresholds } from '#shared/schemas/dashboard.ts';
import { type GroupCardRow, groupCardsJson } from '../groups/group-list.ts';

/** A contribution not yet paid: few per user, and the ones the dashboard lists or counts as overdue. */
export type UnpaidRow = {
  id: number;
  groupId: number;
  cycle: number;
  dueDate: string;
  graceDays: number;
  amountCents: number;
  status: 'pending' | 'reported';
};

/** Recent activity candidates: `at` is already the ISO instant the API shows. */
export type PaidRow = { id: number; groupId: number; amountCents: number; at: string; late: boolean };

export type DashboardRow = {
  cards: GroupCardRow[];
  /** Over all the user's paid contributions. */
  paid: {
    count: number;
    onTime: number;
    cents: number;
    /** For each milestone threshold, in order: when the running total first reached it. */
    milestoneDates: (string | null)[];
    /** The latest RECENT, newest first. */
    recent: PaidRow[];
  };
  /** Over all the payouts the user received. */
  payouts: { cents: number; recent: PaidRow[] };
  unpaid: UnpaidRow[];
  walletCents: number | null;
  goal: { targetCents: number; monthlyCents: number } | null;
  /** Paid into escrow per UTC month (YYYY-MM) since `historyFrom`. */
  monthly: { month: string; cents: number }[];
};

/** The dashboard shows the ten latest events; the ten latest of each kind are enough to pick them. */
export const RECENT = 10;

const userId = sql.placeholder('userId');

/**
 * Everything the dashboard needs in one statement, as one JSON value: one round trip, planned
 * once per connection (see json-statement.ts). Sums and counts are made here rather than by
 * pulling every one of the user's contributions into Node; each part reads only the user's own
 * rows through an index.
 */
function statement(db: Db) {
  const recent = sql.raw(String(RECENT));
  const milestoneDates = sql.join(
    milestoneThresholds.map(
      (m) => sql`${isoInstant(sql`min(r.paid_at) filter (where r.total >= ${sql.raw(String(m.cents))})`)}`,
    ),
    sql`, `,
  );
  const fields: Record<keyof DashboardRow, SQL> = {
    cards: groupCardsJson(userId),
    // One pass over the paid contributions: the running total in payment order (milestones: the
    // first moment it reaches each threshold) and the newest first, ranked as the API's activity
    // list orders them (by the millisecond, then by id).
    paid: sql`(select json_build_object('count', count(*)::int,
        'onTime', (count(*) filter (where not r.late))::int,
        'cents', coalesce(sum(r.amount_cents), 0),
        'milestoneDates', json_build_array(${milestoneDates}),
        'recent', coalesce(json_agg(json_build_object('id', r.id, 'groupId', r.group_id,
            'amountCents', r.amount_cents, 'at', ${isoInstant(sql`r.paid_at`)}, 'late', r.late)
          order by r.recent) filter (where r.recent <= ${recent}), '[]'::json))
      from (select c.id, c.group_id, c.amount_cents, c.paid_at, c.late,
              sum(c.amount_cents) over (order by c.paid_at, c.id) as total,
              row_number() over (order by date_trunc('milliseconds', c.paid_at) desc, c.id) as recent
            from contributions c where c.user_id = ${userId} and c.status = 'paid') r)`,
    payouts: sql`(select json_build_object('cents', coalesce(sum(r.amount_cents), 0),
        'recent', coalesce(json_agg(json_build_object('id', r.id, 'groupId', r.group_id,
            'amountCents', r.amount_cents, 'at', ${isoInstant(sql`r.at`)}, 'late', false)
          order by r.recent) filter (where r.recent <= ${recent}), '[]'::json))
      from (select p.id, p.group_id, p.amount_cents, coalesce(p.paid_at, p.created_at) as at,
              row_number() over (order by date_trunc('milliseconds', coalesce(p.paid_at, p.created_at)) desc,
                p.id) as recent
            from payouts p where p.recipient_id = ${userId}) r)`,
    unpaid: sql`(select coalesce(json_agg(json_build_object('id', c.id, 'groupId', c.group_id, 'cycle', c.cycle,
        'dueDate', c.due_date, 'graceDays', c.grace_days, 'amountCents', c.amount_cents, 'status', c.status)
        order by c.due_date, c.id), '[]'::json)
      from contributions c where c.user_id = ${userId} and c.status <> 'paid')`,
    walletCents: sql`(select a.balance_cents from ledger_accounts a where a.key = 'wallet:' || ${userId}::int)`,
    goal: sql`(select json_build_object('targetCents', s.target_cents, 'monthlyCents', s.monthly_cents)
      from savings_goals s where s.user_id = ${userId})`,
    monthly: sql`(select coalesce(json_agg(json_build_object('month', h.month, 'cents', h.cents)), '[]'::json)
      from (select to_char(t.created_at at time zone 'UTC', 'YYYY-MM') as month, sum(e.amount_cents) as cents
            from ledger_transfers t
            join ledger_entries e on e.transfer_id = t.id
            join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow'
            where t.user_id = ${userId} and t.kind = 'contribution'
              and t.created_at >= ${sql.placeholder('historyFrom')}::timestamptz
            group by 1) h)`,
  };
  return db
    .select({ data: jsonObject<DashboardRow>(fields) })
    .from(users)
    .where(eq(users.id, userId));
}

const dashboardStatement = jsonStatement<{ userId: number; historyFrom: string }, DashboardRow>(
  'dashboard',
  statement,
);

export async function loadDashboardRow(db: Db, id: number, historyFrom: string): Promise<DashboardRow> {
  const row = await dashboardStatement(db, { userId: id, historyFrom });
  if (!row) throw new Error(`dashboard: user ${id} not found`);
  return row;
}
