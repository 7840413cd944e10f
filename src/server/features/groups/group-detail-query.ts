import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { groups } from '#server/db/groups-schema.ts';
import { isoInstant, jsonObject } from '#server/db/json-row.ts';
import { jsonStatement } from '#server/db/json-statement.ts';
import { storedSafeguardsJson } from '../safeguards/rules.ts';

/**
 * The group page's window on a circle's contributions: besides the cycle being collected and
 * every contribution still unpaid or with a penalty owed, the latest paid ones, as many as the
 * page's activity feed shows (it lists the ten latest events of every kind).
 */
export const RECENT_PAID_CONTRIBUTIONS = 10;

export type ContributionCounts = { paid: number; late: number; pending: number };

type MemberRow = {
  id: number;
  userId: number;
  position: number | null;
  role: 'member' | 'admin';
  hasReceivedPayout: boolean;
  joinedAt: string;
  fullName: string;
  username: string;
  counts: ContributionCounts;
};

type CycleRow = {
  number: number;
  recipientUserId: number | null;
  dueOn: string;
  payoutOn: string;
  status: 'upcoming' | 'collecting' | 'paid_out';
  paidOutAt: string | null;
  payout: {
    id: number;
    amountCents: number;
    feeCents: number;
    delivery: 'wallet' | 'off_app';
    method: string | null;
    reference: string | null;
    receiptStatus: 'not_needed' | 'awaiting' | 'confirmed' | 'disputed';
    receivedCents: number | null;
    receiptNote: string | null;
  } | null;
};

type ContributionRow = {
  id: number;
  userId: number;
  cycle: number;
  amountCents: number;
  status: 'pending' | 'reported' | 'paid';
  dueDate: string;
  graceDays: number;
  paidAt: string | null;
  paymentMethod: string;
  reference: string | null;
  late: boolean;
  penaltyCents: number;
  penaltyStatus: 'none' | 'owed' | 'paid' | 'waived';
};

export type GroupDetailRow = {
  group: Record<string, unknown>;
  /** The viewer's group_members row as JSON; null for a non-member. */
  membership: Record<string, unknown> | null;
  members: MemberRow[];
  cycles: CycleRow[];
  contributions: ContributionRow[];
  escrowCents: number | null;
  reserveCents: number | null;
  /** The circle's stored group_safeguards rows. */
  safeguards: Record<string, unknown>[];
};

const groupId = sql.placeholder('groupId');
const userId = sql.placeholder('userId');

/**
 * The group page in one statement, as one JSON value (one round trip, planned once per
 * connection: see json-statement.ts): the group, the viewer's membership, members with their
 * contribution counts, cycles with their payouts, the contribution window, the two balances
 * shown and the safeguards. Every part reads this circle's rows by index.
 */
function statement(db: Db) {
  const recent = sql.raw(String(RECENT_PAID_CONTRIBUTIONS));
  // The latest paid, ranked as the page's activity feed orders events of one moment (to the
  // millisecond, then by cycle, newest first, then by member). They all lie at or after the
  // millisecond of the RECENT-th newest payment, which the (group, paid_at) index finds directly.
  const latestPaid = sql`select r.id from contributions r
    where r.group_id = groups.id and r.status = 'paid' and r.paid_at >= coalesce(date_trunc('milliseconds',
      (select p.paid_at from contributions p
       where p.group_id = groups.id and p.status = 'paid' and p.paid_at is not null
       order by p.paid_at desc offset ${recent} - 1 limit 1)), '-infinity')
    order by date_trunc('milliseconds', r.paid_at) desc, r.cycle desc, r.user_id limit ${recent}`;
  const fields: Record<keyof GroupDetailRow, SQL> = {
    group: sql`row_to_json(groups)`,
    membership: sql`(select row_to_json(gm) from group_members gm
      where gm.group_id = groups.id and gm.user_id = ${userId})`,
    members: sql`(select coalesce(json_agg(json_build_object('id', gm.id, 'userId', gm.user_id,
        'position', gm.position, 'role', gm.role, 'hasReceivedPayout', gm.has_received_payout,
        'joinedAt', ${isoInstant(sql`gm.joined_at`)}, 'fullName', u.full_name, 'username', u.username,
        'counts', json_build_object('paid', coalesce(k.paid, 0), 'late', coalesce(k.late, 0),
          'pending', coalesce(k.pending, 0)))
        order by gm.position, gm.joined_at, gm.id), '[]'::json)
      from group_members gm
      join users u on u.id = gm.user_id
      left join (select c.user_id, count(*) filter (where c.status = 'paid')::int as paid,
                   count(*) filter (where c.status = 'paid' and c.late)::int as late,
                   count(*) filter (where c.status <> 'paid')::int as pending
                 from contributions c where c.group_id = groups.id group by c.user_id) k on k.user_id = gm.user_id
      where gm.group_id = groups.id)`,
    cycles: sql`(select coalesce(json_agg(json_build_object('number', cy.number,
        'recipientUserId', cy.recipient_user_id, 'dueOn', cy.due_on, 'payoutOn', cy.payout_on,
        'status', cy.status, 'paidOutAt', ${isoInstant(sql`cy.paid_out_at`)},
        'payout', case when p.id is not null then json_build_object('id', p.id, 'amountCents', p.amount_cents,
          'feeCents', p.fee_cents, 'delivery', p.delivery, 'method', p.delivery_method,
          'reference', p.delivery_reference, 'receiptStatus', p.receipt_status,
          'receivedCents', p.received_cents, 'receiptNote', p.receipt_note) end)
        order by cy.number), '[]'::json)
      from cycles cy
      left join payouts p on p.group_id = cy.group_id and p.cycle = cy.number
      where cy.group_id = groups.id)`,
    // The window: the cycle being collected, the open ones (unpaid, or a penalty owed) and the
    // latest paid, each found through an index, so the history's length does not matter.
    contributions: sql`(select coalesce(json_agg(json_build_object('id', w.id,
        'userId', w.user_id, 'cycle', w.cycle, 'amountCents', w.amount_cents, 'status', w.status,
        'dueDate', w.due_date, 'graceDays', w.grace_days, 'paidAt', ${isoInstant(sql`w.paid_at`)},
        'paymentMethod', w.payment_method, 'reference', w.reference, 'late', w.late,
        'penaltyCents', w.penalty_cents, 'penaltyStatus', w.penalty_status)
        order by w.cycle desc, w.user_id), '[]'::json)
      from contributions w
      where w.id in (
        select c.id from contributions c where c.group_id = groups.id and c.cycle = groups.current_cycle
        union
        select c.id from contributions c
        where c.group_id = groups.id and (c.status <> 'paid' or c.penalty_status = 'owed')
        union
        (${latestPaid})))`,
    // By their unique keys (src/server/ledger/accounts.ts), not by scanning the circle's accounts.
    escrowCents: sql`(select la.balance_cents from ledger_accounts la
      where la.key = 'escrow:' || groups.id || ':' || groups.current_cycle)`,
    reserveCents: sql`(select la.balance_cents from ledger_accounts la
      where la.key = 'reserve:' || groups.id)`,
    safeguards: storedSafeguardsJson,
  };
  return db
    .select({ data: jsonObject<GroupDetailRow>(fields) })
    .from(groups)
    .where(eq(groups.id, groupId));
}

const groupDetailStatement = jsonStatement<{ groupId: number; userId: number }, GroupDetailRow>(
  'group_detail',
  statement,
);

/** The group page's data, or undefined when there is no such group; `membership` is null for a non-member. */
export function loadGroupDetailRow(db: Db, id: number, viewerId: number) {
  return groupDetailStatement(db, { groupId: id, userId: viewerId });
}
