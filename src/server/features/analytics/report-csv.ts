import { csvCell, csvLines } from '#server/core/csv.ts';
import { type AnalyticsReply, REPORT_PERIOD } from '#shared/schemas/analytics.ts';
import type { CsvWords } from './csv-words.ts';

/**
 * The Export Report figures (the JSON file's) as CSV: the summary, the months, the circles. Labels
 * and headings in the member's language (`w`); the figures as in the JSON file.
 */
export function analyticsCsv(report: AnalyticsReply, w: CsvWords): string {
  const s = report.summary;
  const period = report.period === REPORT_PERIOD ? w.lastSixMonths : report.period;
  return csvLines([
    [w.period, csvCell(period, true)],
    [w.generated, csvCell(report.generatedAt)],
    [w.timeZone, csvCell(report.timeZone, true)],
    [],
    [w.totalContributed, s.totalContributed],
    [w.totalReceived, s.totalReceived],
    [w.net, s.net],
    [w.contributionsPaid, String(s.contributionsPaid)],
    [w.paidOnTime, String(s.paidOnTime)],
    [w.paidLate, String(s.paidLate)],
    [w.onTimeRate, s.onTimeRate === null ? '' : String(s.onTimeRate)],
    [w.penaltiesPaid, s.penaltiesPaid],
    [w.payoutsReceived, String(s.payoutsReceived)],
    [],
    [w.month, w.contributed, w.cumulative, w.received, w.paidOnTime, w.paidLate],
    ...report.months.map((m) => [
      m.month,
      m.contributed,
      m.cumulative,
      m.received,
      String(m.paidOnTime),
      String(m.paidLate),
    ]),
    [],
    [w.circle, w.paidIn, w.received],
    ...report.circles.map((c) => [csvCell(c.groupName, true), c.paidIn, c.received]),
  ]);
}
