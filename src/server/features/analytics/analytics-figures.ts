import { sql } from 'drizzle-orm';
import { localToday, startOfLocalDay } from '#server/circle/schedule.ts';
import type { Db } from '#server/db/client.ts';
import { formatAmount } from '#shared/money.ts';
import { type AnalyticsReply, REPORT_MONTHS, REPORT_PERIOD } from '#shared/schemas/analytics.ts';
import { DEFAULT_MONTHLY_GOAL_CENTS, DEFAULT_SAVINGS_TARGET_CENTS } from '#shared/schemas/dashboard.ts';
import { monthsEndingAt } from './months.ts';
import { jsonValue } from './sql-rows.ts';

type Figures = {
  before: number;
  totalSaved: number;
  penalties: number;
  paid: { month: string; cents: number; onTime: number; late: number }[];
  received: { month: string; cents: number; count: number }[];
  circles: { groupId: number; groupName: string; paidIn: number; received: number }[];
  goal: { targetCents: number; monthlyCents: number } | null;
};

/**
 * The member's own figures for /analytics and its report, summed in SQL from their records:
 * contributions paid (by the day they were paid), payouts received, penalties paid. Months are the
 * member's (users.time_zone); the period is the last six months, this one included.
 */
export async function loadAnalytics(
  db: Db,
  user: { id: number; timeZone: string },
  now: Date,
): Promise<AnalyticsReply> {
  const months = monthsEndingAt(localToday(now, user.timeZone), REPORT_MONTHS);
  const start = startOfLocalDay(`${months[0]}-01`, user.timeZone).toISOString();
  const tz = user.timeZone;
  const u = user.id;
  const f = await jsonValue<Figures>(
    db,
    sql`select json_build_object(
      'before', (select coalesce(sum(c.amount_cents), 0) from contributions c
        where c.user_id = ${u} and c.status = 'paid' and c.paid_at < ${start}::timestamptz),
      'totalSaved', (select coalesce(sum(c.amount_cents), 0) from contributions c
        where c.user_id = ${u} and c.status = 'paid'),
      'penalties', (select coalesce(sum(c.penalty_cents), 0) from contributions c
        where c.user_id = ${u} and c.penalty_status = 'paid' and c.paid_at >= ${start}::timestamptz),
      'paid', (select coalesce(json_agg(json_build_object('month', m.month, 'cents', m.cents,
            'onTime', m.on_time, 'late', m.late)), '[]'::json)
        from (select to_char(c.paid_at at time zone ${tz}, 'YYYY-MM') as month, sum(c.amount_cents) as cents,
                count(*) filter (where not c.late) as on_time, count(*) filter (where c.late) as late
              from contributions c
              where c.user_id = ${u} and c.status = 'paid' and c.paid_at >= ${start}::timestamptz
              group by 1) m),
      'received', (select coalesce(json_agg(json_build_object('month', m.month, 'cents', m.cents,
            'count', m.n)), '[]'::json)
        from (select to_char(coalesce(p.paid_at, p.created_at) at time zone ${tz}, 'YYYY-MM') as month,
                sum(p.amount_cents) as cents, count(*) as n
              from payouts p
              where p.recipient_id = ${u} and p.status = 'paid'
                and coalesce(p.paid_at, p.created_at) >= ${start}::timestamptz
              group by 1) m),
      'circles', (select coalesce(json_agg(json_build_object('groupId', g.id, 'groupName', g.name,
            'paidIn', coalesce(i.cents, 0), 'received', coalesce(o.cents, 0)) order by g.name, g.id), '[]'::json)
        from groups g
        left join (select c.group_id, sum(c.amount_cents) as cents from contributions c
                   where c.user_id = ${u} and c.status = 'paid' group by 1) i on i.group_id = g.id
        left join (select p.group_id, sum(p.amount_cents) as cents from payouts p
                   where p.recipient_id = ${u} and p.status = 'paid' group by 1) o on o.group_id = g.id
        where i.group_id is not null or o.group_id is not null),
      'goal', (select json_build_object('targetCents', s.target_cents, 'monthlyCents', s.monthly_cents)
        from savings_goals s where s.user_id = ${u})
    ) as data`,
  );
  const paidBy = new Map(f.paid.map((m) => [m.month, m]));
  const receivedBy = new Map(f.received.map((m) => [m.month, m]));
  let cumulative = Number(f.before);
  const monthRows = months.map((month) => {
    const paid = paidBy.get(month);
    cumulative += Number(paid?.cents ?? 0);
    return {
      month,
      contributed: formatAmount(Number(paid?.cents ?? 0)),
      cumulative: formatAmount(cumulative),
      received: formatAmount(Number(receivedBy.get(month)?.cents ?? 0)),
      paidOnTime: paid?.onTime ?? 0,
      paidLate: paid?.late ?? 0,
    };
  });
  const sum = <T>(rows: T[], pick: (row: T) => number) =>
    rows.reduce((total, row) => total + Number(pick(row)), 0);
  const contributed = sum(f.paid, (m) => m.cents);
  const received = sum(f.received, (m) => m.cents);
  const onTime = sum(f.paid, (m) => m.onTime);
  const late = sum(f.paid, (m) => m.late);
  return {
    period: REPORT_PERIOD,
    generatedAt: now.toISOString(),
    timeZone: tz,
    summary: {
      totalContributed: formatAmount(contributed),
      totalReceived: formatAmount(received),
      net: formatAmount(received - contributed),
      contributionsPaid: onTime + late,
      paidOnTime: onTime,
      paidLate: late,
      onTimeRate: onTime + late > 0 ? Math.round((onTime / (onTime + late)) * 100) : null,
      penaltiesPaid: formatAmount(Number(f.penalties)),
      payoutsReceived: sum(f.received, (m) => m.count),
    },
    months: monthRows,
    circles: f.circles.map((c) => ({
      groupId: c.groupId,
      groupName: c.groupName,
      paidIn: formatAmount(Number(c.paidIn)),
      received: formatAmount(Number(c.received)),
    })),
    goal: {
      target: formatAmount(Number(f.goal?.targetCents ?? DEFAULT_SAVINGS_TARGET_CENTS)),
      monthly: formatAmount(Number(f.goal?.monthlyCents ?? DEFAULT_MONTHLY_GOAL_CENTS)),
      isDefault: f.goal === null,
      totalSaved: formatAmount(Number(f.totalSaved)),
    },
  };
}
