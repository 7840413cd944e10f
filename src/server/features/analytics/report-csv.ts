import { csvCell, csvLines } from '#server/core/csv.ts';
import type { AnalyticsReply } from '#shared/schemas/analytics.ts';

/** The Export Report figures (the JSON file's) as CSV: the summary, the months, the circles. */
export function analyticsCsv(report: AnalyticsReply): string {
  const s = report.summary;
  return csvLines([
    ['Period', csvCell(report.period, true)],
    ['Generated', csvCell(report.generatedAt)],
    ['Time zone', csvCell(report.timeZone, true)],
    [],
    ['Total contributed', s.totalContributed],
    ['Total received', s.totalReceived],
    ['Net', s.net],
    ['Contributions paid', String(s.contributionsPaid)],
    ['Paid on time', String(s.paidOnTime)],
    ['Paid late', String(s.paidLate)],
    ['On-time rate (%)', s.onTimeRate === null ? '' : String(s.onTimeRate)],
    ['Penalties paid', s.penaltiesPaid],
    ['Payouts received', String(s.payoutsReceived)],
    [],
    ['Month', 'Contributed', 'Cumulative', 'Received', 'Paid on time', 'Paid late'],
    ...report.months.map((m) => [
      m.month,
      m.contributed,
      m.cumulative,
      m.received,
      String(m.paidOnTime),
      String(m.paidLate),
    ]),
    [],
    ['Circle', 'Paid in', 'Received'],
    ...report.circles.map((c) => [csvCell(c.groupName, true), c.paidIn, c.received]),
  ]);
}
