import { csvCell, csvLines } from '#server/core/csv.ts';
import type { Db } from '#server/db/client.ts';
import { formatAmount } from '#shared/money.ts';
import type { OperationsPeriod } from '#shared/schemas/business-operations.ts';
import { complianceReport, financialReport, overviewReport, riskReport } from './reports.ts';
import type { Windows } from './windows.ts';

/** One table of the file: a title row, a header row, its rows, then a blank line. */
export type CsvBlock = { title: string; header: string[]; rows: (string | number | null)[][] };

const money = (cents: number) => formatAmount(cents);

/**
 * Every table of /business-operations for the windows, as one CSV of titled blocks: the export
 * button (the chosen period) and the reports tab's monthly statement (a calendar month). A new
 * section of the page adds its block here.
 */
export async function operationsBlocks(
  db: Db,
  period: OperationsPeriod,
  windows: Windows,
): Promise<CsvBlock[]> {
  const overview = await overviewReport(db, period, windows);
  const financial = await financialReport(db, period, windows);
  const compliance = await complianceReport(db, period, windows);
  const risk = await riskReport(db, period, windows);
  const figure = (unit: 'cents' | 'count', value: number) => (unit === 'cents' ? money(value) : value);
  const pairs = <T extends Record<string, number>>(
    current: T,
    previous: T,
    cents: (key: string) => boolean,
  ) =>
    Object.keys(current).map((key) => {
      const unit = cents(key) ? 'cents' : 'count';
      return [
        key,
        figure(unit, current[key]!),
        figure(unit, previous[key]!),
        figure(unit, current[key]! - previous[key]!),
      ];
    });
  const comparison = ['figure', 'current', 'previous', 'change'];
  const isCents = (key: string) => key.endsWith('Cents');
  return [
    {
      title: 'Period',
      header: ['window', 'from', 'to'],
      rows: [
        ['current', overview.windows.current.from, overview.windows.current.to],
        ['previous', overview.windows.previous.from, overview.windows.previous.to],
      ],
    },
    {
      title: 'KPIs',
      header: comparison,
      rows: overview.kpis.map((k) => [
        k.key,
        figure(k.unit, k.current),
        figure(k.unit, k.previous),
        figure(k.unit, k.current - k.previous),
      ]),
    },
    { title: 'Financial', header: comparison, rows: pairs(financial.current, financial.previous, isCents) },
    {
      title: 'Fee revenue by kind',
      header: ['kind', 'current', 'previous'],
      rows: financial.feesByKind.map((f) => [f.kind, money(f.current), money(f.previous)]),
    },
    {
      title: 'Withdrawals by method',
      header: ['method', 'count', 'amount', 'fees', 'previous count', 'previous amount'],
      rows: financial.withdrawalsByMethod.map((w) => [
        w.method,
        w.count,
        money(w.amountCents),
        money(w.feeCents),
        w.previousCount,
        money(w.previousAmountCents),
      ]),
    },
    {
      title: 'Reconciliation',
      header: ['settled records', 'provider settled', 'ledger', 'difference'],
      rows: [
        [
          financial.reconciliation.settledCount,
          money(financial.reconciliation.providerCents),
          money(financial.reconciliation.ledgerCents),
          money(financial.reconciliation.differenceCents),
        ],
      ],
    },
    {
      title: 'Reconciliation differences',
      header: ['source', 'id', 'provider reference', 'settled at', 'provider', 'ledger', 'difference'],
      rows: financial.reconciliation.differences.map((d) => [
        d.source,
        d.id,
        d.providerRef,
        d.settledAt,
        money(d.providerCents),
        money(d.ledgerCents),
        money(d.differenceCents),
      ]),
    },
    {
      title: 'Verification coverage',
      header: ['check', 'verified', 'pending', 'failed', 'not started'],
      rows: compliance.coverage.map((c) => [c.check, c.verified, c.pending, c.failed, c.notStarted]),
    },
    {
      title: 'Compliance labels',
      header: ['label', 'members'],
      rows: Object.entries(compliance.labels),
    },
    {
      title: 'Compliance',
      header: comparison,
      rows: pairs(compliance.current, compliance.previous, isCents),
    },
    {
      title: 'Money moved without verified identity',
      header: ['user id', 'username', 'identity', 'transfers', 'amount'],
      rows: compliance.unverifiedMovers.map((m) => [
        m.userId,
        m.username,
        m.identityStatus,
        m.transfers,
        money(m.movedCents),
      ]),
    },
    {
      title: 'Audit-log activity',
      header: ['action', 'current', 'previous'],
      rows: compliance.auditActivity.map((a) => [a.action, a.current, a.previous]),
    },
    { title: 'Risk', header: comparison, rows: pairs(risk.current, risk.previous, isCents) },
    {
      title: 'Members at risk',
      header: [
        'user id',
        'username',
        'level',
        'overdue',
        'penalty owed',
        'inactive',
        'open disputes',
        'frozen circles',
      ],
      rows: risk.members.map((m) => [
        m.userId,
        m.username,
        m.level,
        m.overdue,
        money(m.owedPenaltyCents),
        m.inactiveMemberships,
        m.openDisputes,
        m.frozenCircles,
      ]),
    },
    {
      title: 'Circles at risk',
      header: [
        'circle id',
        'name',
        'level',
        'members',
        'overdue members',
        'penalty owed',
        'open disputes',
        'disputed payouts',
        'frozen',
      ],
      rows: risk.circles.map((c) => [
        c.groupId,
        c.name,
        c.level,
        c.members,
        c.overdueMembers,
        money(c.owedPenaltyCents),
        c.openDisputes,
        c.disputedPayouts,
        c.frozen ? 'yes' : 'no',
      ]),
    },
  ];
}

/** Amounts ('-12.50') are numbers to a spreadsheet; every other string is guarded as text. */
const isText = (cell: string | number | null) => typeof cell === 'string' && !/^-?\d+\.\d{2}$/.test(cell);

/** The blocks as CSV text; names and other free text are guarded against formulas. */
export function blocksCsv(blocks: CsvBlock[]): string {
  const lines: string[][] = [];
  for (const block of blocks) {
    lines.push(
      [csvCell(block.title, true)],
      block.header.map((h) => csvCell(h, true)),
    );
    for (const row of block.rows) lines.push(row.map((cell) => csvCell(cell, isText(cell))));
    lines.push([]);
  }
  return csvLines(lines);
}
