import { sql } from 'drizzle-orm';
import { startOfLocalDay } from '#server/circle/schedule.ts';
import { csvCell, csvLines } from '#server/core/csv.ts';
import type { Db } from '#server/db/client.ts';
import { addDays, type CalendarDate } from '#shared/calendar.ts';
import { formatAmount } from '#shared/money.ts';
import type { CsvWords } from './csv-words.ts';
import { jsonValue } from './sql-rows.ts';

type Entry = {
  day: string;
  type: 'contribution' | 'payout' | 'penalty';
  groupName: string;
  cycle: number;
  cents: number;
  late: boolean;
  method: string | null;
};

export type StatementTotals = {
  contributedCents: number;
  receivedCents: number;
  penaltiesCents: number;
  paidCount: number;
  lateCount: number;
};

/** A member's money movements between two local days (both included), oldest first, with their totals. */
export async function statementEntries(
  db: Db,
  user: { id: number; timeZone: string },
  from: CalendarDate,
  to: CalendarDate,
): Promise<{ entries: Entry[]; totals: StatementTotals }> {
  const start = startOfLocalDay(from, user.timeZone).toISOString();
  const end = startOfLocalDay(addDays(to, 1), user.timeZone).toISOString();
  const tz = user.timeZone;
  const rows = await jsonValue<Entry[] | null>(
    db,
    sql`select json_agg(e order by e.at, e.type, e.id) as data from (
        select c.id, c.paid_at as at, to_char(c.paid_at at time zone ${tz}, 'YYYY-MM-DD') as day,
          'contribution' as type, g.name as "groupName", c.cycle, c.amount_cents as cents, c.late,
          c.payment_method as method
        from contributions c join groups g on g.id = c.group_id
        where c.user_id = ${user.id} and c.status = 'paid'
          and c.paid_at >= ${start}::timestamptz and c.paid_at < ${end}::timestamptz
        union all
        select c.id, c.paid_at, to_char(c.paid_at at time zone ${tz}, 'YYYY-MM-DD'), 'penalty', g.name, c.cycle,
          c.penalty_cents, c.late, null
        from contributions c join groups g on g.id = c.group_id
        where c.user_id = ${user.id} and c.penalty_status = 'paid' and c.penalty_cents > 0
          and c.paid_at >= ${start}::timestamptz and c.paid_at < ${end}::timestamptz
        union all
        select p.id, coalesce(p.paid_at, p.created_at),
          to_char(coalesce(p.paid_at, p.created_at) at time zone ${tz}, 'YYYY-MM-DD'), 'payout', g.name, p.cycle,
          p.amount_cents, false, p.delivery
        from payouts p join groups g on g.id = p.group_id
        where p.recipient_id = ${user.id} and p.status = 'paid'
          and coalesce(p.paid_at, p.created_at) >= ${start}::timestamptz
          and coalesce(p.paid_at, p.created_at) < ${end}::timestamptz
      ) e`,
  );
  const entries = (rows ?? []).map((e) => ({ ...e, cents: Number(e.cents) }));
  const totals: StatementTotals = {
    contributedCents: 0,
    receivedCents: 0,
    penaltiesCents: 0,
    paidCount: 0,
    lateCount: 0,
  };
  for (const e of entries) {
    if (e.type === 'contribution') {
      totals.contributedCents += e.cents;
      totals.paidCount += 1;
      if (e.late) totals.lateCount += 1;
    } else if (e.type === 'payout') totals.receivedCents += e.cents;
    else totals.penaltiesCents += e.cents;
  }
  return { entries, totals };
}

/**
 * The statement as CSV: one line per movement, then the totals. Circle names are text cells. Labels
 * and headings in the member's language (`w`); the cells' codes (type, yes/no, method) stay as they are.
 */
export function statementCsv(
  from: CalendarDate,
  to: CalendarDate,
  { entries, totals }: Awaited<ReturnType<typeof statementEntries>>,
  w: CsvWords,
): string {
  const lines = [
    [w.statement, csvCell(from), csvCell(to)],
    [w.date, w.type, w.circle, w.cycle, w.amount, w.late, w.method],
    ...entries.map((e) => [
      csvCell(e.day),
      e.type,
      csvCell(e.groupName, true),
      String(e.cycle),
      formatAmount(e.cents),
      e.late ? 'yes' : 'no',
      csvCell(e.method, true),
    ]),
    [],
    [w.totalContributed, formatAmount(totals.contributedCents)],
    [w.totalReceived, formatAmount(totals.receivedCents)],
    [w.penaltiesPaid, formatAmount(totals.penaltiesCents)],
  ];
  return csvLines(lines);
}
