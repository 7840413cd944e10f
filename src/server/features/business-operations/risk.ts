import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { RiskFigures, RiskLevel, RiskReply } from '#shared/schemas/business-operations.ts';
import { num, rows, within } from './sql-rows.ts';
import type { Window } from './windows.ts';

/**
 * The thresholds behind the risk levels (decision 0035). A member: high with this many overdue
 * contributions or any inactive/suspended membership; medium with one overdue or a penalty owed;
 * low when only an open dispute or a frozen circle touches them. A circle: high when frozen, when
 * this share of its members is overdue, or when a payout's receipt is disputed; medium with any
 * overdue member or open escrow dispute; low with penalties still owed.
 */
export const RISK_THRESHOLDS = {
  memberHighOverdue: 2,
  circleHighOverdueShare: 0.5,
} as const;
const LIST_LIMIT = 100;

/** A contribution is overdue once its due date and grace days have passed unpaid (UTC days). */
const deadline = (alias: string) =>
  sql.raw(`((${alias}.due_date + ${alias}.grace_days + 1)::timestamp at time zone 'UTC')`);

export function memberLevel(m: {
  overdue: number;
  owedPenaltyCents: number;
  inactiveMemberships: number;
}): RiskLevel {
  if (m.overdue >= RISK_THRESHOLDS.memberHighOverdue || m.inactiveMemberships > 0) return 'high';
  if (m.overdue > 0 || m.owedPenaltyCents > 0) return 'medium';
  return 'low';
}

export function circleLevel(c: {
  frozen: boolean;
  members: number;
  overdueMembers: number;
  openDisputes: number;
  disputedPayouts: number;
}): RiskLevel {
  if (
    c.frozen ||
    c.disputedPayouts > 0 ||
    (c.members > 0 && c.overdueMembers / c.members >= RISK_THRESHOLDS.circleHighOverdueShare)
  )
    return 'high';
  if (c.overdueMembers > 0 || c.openDisputes > 0) return 'medium';
  return 'low';
}

const levelOrder: Record<RiskLevel, number> = { high: 0, medium: 1, low: 2 };

/** Members with any risk signal now, the riskiest first. */
export async function membersAtRisk(db: Db, now: Date): Promise<RiskReply['members']> {
  const found = await rows(
    db,
    sql`with signals as (
      select c.user_id,
        count(*) filter (where c.status <> 'paid' and ${deadline('c')} <= ${now.toISOString()}::timestamptz)::int as overdue,
        coalesce(sum(c.penalty_cents) filter (where c.penalty_status = 'owed'), 0)::bigint as owed,
        0 as inactive, 0 as disputes, 0 as frozen
      from contributions c group by c.user_id
      union all
      select m.user_id, 0, 0, count(*) filter (where m.status in ('inactive', 'suspended'))::int, 0,
        count(*) filter (where g.frozen)::int
      from group_members m join groups g on g.id = m.group_id group by m.user_id
      union all
      select d.opened_by, 0, 0, 0, count(*)::int, 0 from escrow_disputes d where d.status = 'open' group by d.opened_by
    ) select s.user_id, u.username, sum(overdue)::int as overdue, sum(owed)::bigint as owed,
      sum(inactive)::int as inactive, sum(disputes)::int as disputes, sum(frozen)::int as frozen
    from signals s join users u on u.id = s.user_id
    group by s.user_id, u.username
    having sum(overdue) > 0 or sum(owed) > 0 or sum(inactive) > 0 or sum(disputes) > 0 or sum(frozen) > 0
    order by sum(inactive) desc, sum(overdue) desc, sum(owed) desc, s.user_id
    limit ${LIST_LIMIT}`,
  );
  return found
    .map((row) => {
      const member = {
        userId: num(row.user_id),
        username: String(row.username),
        overdue: num(row.overdue),
        owedPenaltyCents: num(row.owed),
        inactiveMemberships: num(row.inactive),
        openDisputes: num(row.disputes),
        frozenCircles: num(row.frozen),
      };
      return { ...member, level: memberLevel(member) };
    })
    .sort((a, b) => levelOrder[a.level] - levelOrder[b.level]);
}

/** Circles with any risk signal now, the riskiest first. */
export async function circlesAtRisk(db: Db, now: Date): Promise<RiskReply['circles']> {
  const found = await rows(
    db,
    sql`select * from (select g.id, g.name, g.frozen, g.current_members,
      (select count(distinct c.user_id) from contributions c where c.group_id = g.id and c.status <> 'paid'
        and ${deadline('c')} <= ${now.toISOString()}::timestamptz)::int as overdue_members,
      (select coalesce(sum(c.penalty_cents), 0) from contributions c
        where c.group_id = g.id and c.penalty_status = 'owed')::bigint as owed,
      (select count(*) from escrow_disputes d where d.group_id = g.id and d.status = 'open')::int as disputes,
      (select count(*) from payouts p where p.group_id = g.id and p.receipt_status = 'disputed')::int as disputed_payouts
    from groups g) x
    where frozen or overdue_members > 0 or owed > 0 or disputes > 0 or disputed_payouts > 0
    order by frozen desc, disputed_payouts desc, overdue_members desc, disputes desc, id
    limit ${LIST_LIMIT}`,
  );
  return found
    .map((row) => {
      const circle = {
        groupId: num(row.id),
        name: String(row.name),
        frozen: row.frozen === true,
        members: num(row.current_members),
        overdueMembers: num(row.overdue_members),
        owedPenaltyCents: num(row.owed),
        openDisputes: num(row.disputes),
        disputedPayouts: num(row.disputed_payouts),
      };
      return { ...circle, level: circleLevel(circle) };
    })
    .sort((a, b) => levelOrder[a.level] - levelOrder[b.level]);
}

/** The window's defaults: payments missed, penalties charged, disputes opened. */
export async function riskFigures(db: Db, window: Window): Promise<RiskFigures> {
  const [row] = await rows(
    db,
    sql`select
      (select count(*) from contributions c where ${within(deadline('c'), window)}
        and (c.paid_at is null or c.paid_at >= ${deadline('c')}))::int as missed,
      (select count(*) from default_penalties p where ${within(sql.raw('p.applied_at'), window)})::int as penalties,
      (select coalesce(sum(p.penalty_amount_cents), 0) from default_penalties p
        where ${within(sql.raw('p.applied_at'), window)})::bigint as penalty_cents,
      (select count(*) from escrow_disputes d where ${within(sql.raw('d.created_at'), window)})::int as disputes`,
  );
  return {
    missedPayments: num(row?.missed),
    penaltiesCharged: num(row?.penalties),
    penaltiesCents: num(row?.penalty_cents),
    disputesOpened: num(row?.disputes),
  };
}
