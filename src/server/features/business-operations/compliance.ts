import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { ComplianceFigures, ComplianceReply } from '#shared/schemas/business-operations.ts';
import { num, rows, within } from './sql-rows.ts';
import type { Window, Windows } from './windows.ts';

/** Transfers in which a member moves money in or out: what identity checks exist for. */
const MONEY_MOVES = sql.raw(`('contribution', 'withdrawal', 'debt_payment')`);
const LIST_LIMIT = 50;

/**
 * Each member's bank check as one state: verified when a linked account is verified, pending while
 * one waits for its micro-deposits, failed when the only tries failed, not_started otherwise.
 */
const bankState = sql.raw(`(select case
    when bool_or(b.status = 'verified') then 'verified'
    when bool_or(b.status = 'connected') then 'pending'
    when bool_or(b.status = 'verification_failed') then 'failed'
    else 'not_started' end
  from bank_accounts b where b.user_id = u.id and b.status <> 'removed')`);

/**
 * The verification states of every member now (operators are staff, not members), by check, and
 * their spec label (decision 0035): certified = all four checks verified; compliant = identity
 * verified; in_review = identity pending; action_needed = the rest.
 */
export async function verificationCoverage(db: Db) {
  const [row] = await rows(
    db,
    sql`with states as (
      select coalesce(v.identity_status, 'not_started') as identity,
        coalesce(${bankState}, 'not_started') as bank,
        coalesce(v.phone_status, 'not_started') as phone,
        coalesce(v.address_status, 'not_started') as address
      from users u left join user_verifications v on v.user_id = u.id
      where not u.is_operator
    ) select count(*)::int as members,
      ${sql.join(
        (['identity', 'bank', 'phone', 'address'] as const).flatMap((check) =>
          (['verified', 'pending', 'failed', 'not_started'] as const).map((state) =>
            sql.raw(`count(*) filter (where ${check} = '${state}')::int as ${check}_${state}`),
          ),
        ),
        sql`, `,
      )},
      count(*) filter (where identity = 'verified' and bank = 'verified' and phone = 'verified'
        and address = 'verified')::int as certified,
      count(*) filter (where identity = 'verified' and not (bank = 'verified' and phone = 'verified'
        and address = 'verified'))::int as compliant,
      count(*) filter (where identity = 'pending')::int as in_review
    from states`,
  );
  const members = num(row?.members);
  const coverage = (['identity', 'bank', 'phone', 'address'] as const).map((check) => ({
    check,
    verified: num(row?.[`${check}_verified`]),
    pending: num(row?.[`${check}_pending`]),
    failed: num(row?.[`${check}_failed`]),
    notStarted: num(row?.[`${check}_not_started`]),
  }));
  const certified = num(row?.certified);
  const compliant = num(row?.compliant);
  const inReview = num(row?.in_review);
  return {
    members,
    coverage,
    labels: {
      certified,
      compliant,
      in_review: inReview,
      action_needed: members - certified - compliant - inReview,
    },
  };
}

/** The window's compliance figures: checks completed, audit-log entries, money moved without identity. */
export async function complianceFigures(db: Db, window: Window): Promise<ComplianceFigures> {
  const [checks] = await rows(
    db,
    sql`select
      (select count(*) filter (where ${within(sql.raw('identity_verified_at'), window)})
        + count(*) filter (where ${within(sql.raw('phone_verified_at'), window)})
        + count(*) filter (where ${within(sql.raw('address_verified_at'), window)})
        from user_verifications)::int
      + (select count(*) from bank_accounts where ${within(sql.raw('verified_at'), window)})::int as completed,
      (select count(*) from audit_log where ${within(sql.raw('at'), window)})::int as audit_events`,
  );
  const [movers] = await rows(
    db,
    sql`select count(distinct m.user_id)::int as movers, coalesce(sum(m.cents), 0)::bigint as cents
    from (${unverifiedMoves(window)}) m`,
  );
  return {
    verificationsCompleted: num(checks?.completed),
    auditEvents: num(checks?.audit_events),
    unverifiedMovers: num(movers?.movers),
    unverifiedMovedCents: num(movers?.cents),
  };
}

/** Money-moving transfers of the window by members whose identity is not verified, with their amount. */
function unverifiedMoves(window: Window) {
  return sql`select t.user_id, t.id,
      (select sum(e.amount_cents) from ledger_entries e where e.transfer_id = t.id and e.amount_cents > 0) as cents
    from ledger_transfers t
    join users u on u.id = t.user_id
    left join user_verifications v on v.user_id = t.user_id
    where t.kind in ${MONEY_MOVES} and ${within(sql.raw('t.created_at'), window)}
      and coalesce(v.identity_status, 'not_started') <> 'verified'`;
}

/** The members behind those transfers, the most money first. */
export async function unverifiedMovers(db: Db, window: Window): Promise<ComplianceReply['unverifiedMovers']> {
  const found = await rows(
    db,
    sql`select m.user_id, u.username, coalesce(v.identity_status, 'not_started') as identity_status,
      count(*)::int as transfers, coalesce(sum(m.cents), 0)::bigint as cents
    from (${unverifiedMoves(window)}) m
    join users u on u.id = m.user_id
    left join user_verifications v on v.user_id = m.user_id
    group by m.user_id, u.username, v.identity_status
    order by cents desc, m.user_id limit ${LIST_LIMIT}`,
  );
  return found.map((row) => ({
    userId: num(row.user_id),
    username: String(row.username),
    identityStatus: String(row.identity_status),
    transfers: num(row.transfers),
    movedCents: num(row.cents),
  }));
}

/** Audit-log entries by action, this window against the previous one, the busiest first. */
export async function auditActivity(db: Db, windows: Windows) {
  const now = within(sql.raw('at'), windows.current);
  const before = within(sql.raw('at'), windows.previous);
  const found = await rows(
    db,
    sql`select action, count(*) filter (where ${now})::int as current,
      count(*) filter (where ${before})::int as previous
    from audit_log where ${now} or ${before}
    group by action order by current desc, action limit ${LIST_LIMIT}`,
  );
  return found.map((row) => ({
    action: String(row.action),
    current: num(row.current),
    previous: num(row.previous),
  }));
}
