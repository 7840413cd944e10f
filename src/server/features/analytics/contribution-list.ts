import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { formatAmount } from '#shared/money.ts';
import type {
  ContributionRecord,
  ContributionsQuery,
  ContributionsReply,
} from '#shared/schemas/analytics.ts';
import { jsonValue } from './sql-rows.ts';

type Row = {
  id: number;
  groupId: number;
  groupName: string;
  amountCents: number;
  dueDate: string;
  paidDate: string | null;
  status: ContributionRecord['status'];
  cycle: number;
  penaltyCents: number | null;
  method: string;
};

/**
 * The spec's status of one contribution: paid (on time), late (paid late, or unpaid past its due
 * date and grace days in the circle's time zone, as reminders judge it), or pending.
 */
export const contributionStatusSql = (now: Date) => sql`case
    when c.status = 'paid' then case when c.late then 'late' else 'paid' end
    when c.late or ${now.toISOString()}::timestamptz
      >= ((c.due_date + c.grace_days + 1)::timestamp at time zone g.time_zone) then 'late'
    else 'pending' end`;

/**
 * The member's own contributions, newest due first, filtered by a case-insensitive substring of
 * the circle's name and by status; one page and the total, from one statement.
 */
export async function listContributions(
  db: Db,
  user: { id: number; timeZone: string },
  query: ContributionsQuery,
  now: Date,
): Promise<ContributionsReply> {
  const search = query.search ? query.search.toLowerCase() : null;
  const offset = (query.page - 1) * query.pageSize;
  const data = await jsonValue<{ total: number; rows: Row[] | null }>(
    db,
    sql`with mine as (
        select c.id, c.group_id, g.name as group_name, c.amount_cents, c.due_date,
          to_char(c.paid_at at time zone ${user.timeZone}, 'YYYY-MM-DD') as paid_date,
          ${contributionStatusSql(now)} as status,
          c.cycle, c.payment_method,
          case when c.penalty_status in ('owed', 'paid') and c.penalty_cents > 0 then c.penalty_cents end
            as penalty_cents
        from contributions c join groups g on g.id = c.group_id
        where c.user_id = ${user.id}
          and (${search}::text is null or position(${search}::text in lower(g.name)) > 0)),
      picked as (select * from mine where ${query.status}::text = 'all' or status = ${query.status}::text)
      select json_build_object(
        'total', (select count(*)::int from picked),
        'rows', (select json_agg(json_build_object('id', p.id, 'groupId', p.group_id, 'groupName', p.group_name,
              'amountCents', p.amount_cents, 'dueDate', p.due_date, 'paidDate', p.paid_date, 'status', p.status,
              'cycle', p.cycle, 'penaltyCents', p.penalty_cents, 'method', p.payment_method)
            order by p.due_date desc, p.id desc)
          from (select * from picked order by due_date desc, id desc
                limit ${query.pageSize} offset ${offset}) p)) as data`,
  );
  return {
    contributions: (data.rows ?? []).map((r) => ({
      id: r.id,
      groupId: r.groupId,
      groupName: r.groupName,
      amount: formatAmount(Number(r.amountCents)),
      dueDate: r.dueDate,
      ...(r.paidDate ? { paidDate: r.paidDate } : {}),
      status: r.status,
      cycle: r.cycle,
      ...(r.penaltyCents ? { penalty: formatAmount(Number(r.penaltyCents)) } : {}),
      method: r.method,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: data.total,
  };
}
