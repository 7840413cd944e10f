import { csvCell, csvLines } from '#server/core/csv.ts';
import { formatAmount } from '#shared/money.ts';
import type { CircleStatement } from '#shared/schemas/management.ts';

const money = (cents: number) => formatAmount(cents);
const name = (value: string | null) => csvCell(value, true);

/**
 * The statement as CSV: one section per table (a title row, a header row, the rows, a blank row),
 * amounts in decimal dollars so a spreadsheet sums them. Names are text cells, guarded against
 * formula injection by csvCell.
 */
export function statementCsv(s: CircleStatement): string {
  const rows: string[][] = [];
  const section = (title: string, header: string[], body: string[][]) => {
    rows.push([title], header, ...body, []);
  };
  section(
    'circle',
    [
      'id',
      'name',
      'status',
      'frozen',
      'contribution',
      'member_limit',
      'current_cycle',
      'total_cycles',
      'generated_at',
    ],
    [
      [
        String(s.group.id),
        name(s.group.name),
        s.group.status,
        String(s.group.frozen),
        money(s.group.contributionCents),
        String(s.group.memberLimit),
        String(s.group.currentCycle),
        String(s.group.totalCycles),
        s.generatedAt,
      ],
    ],
  );
  section(
    'members',
    [
      'user_id',
      'name',
      'position',
      'role',
      'status',
      'paid',
      'late',
      'missed',
      'open',
      'paid_amount',
      'penalties_owed',
      'penalties_paid',
      'penalties_waived',
      'received',
    ],
    s.members.map((m) => [
      String(m.userId),
      name(m.name),
      m.position === null ? '' : String(m.position),
      m.role,
      m.status,
      String(m.paid),
      String(m.late),
      String(m.missed),
      String(m.open),
      money(m.paidCents),
      money(m.penaltiesOwedCents),
      money(m.penaltiesPaidCents),
      money(m.penaltiesWaivedCents),
      money(m.receivedCents),
    ]),
  );
  section(
    'cycles',
    [
      'cycle',
      'due_on',
      'recipient',
      'expected',
      'paid_count',
      'late_count',
      'missed_count',
      'paid_amount',
      'penalties',
      'payout',
      'fee',
      'reserve_cover',
    ],
    s.cycles.map((c) => [
      String(c.cycle),
      c.dueOn ?? '',
      name(c.recipientName),
      money(c.expectedCents),
      String(c.paidCount),
      String(c.lateCount),
      String(c.missedCount),
      money(c.paidCents),
      money(c.penaltiesCents),
      money(c.payoutCents),
      money(c.feeCents),
      money(c.reserveCoverCents),
    ]),
  );
  section(
    'payouts',
    ['cycle', 'recipient', 'pool', 'fee', 'amount', 'reserve_cover', 'delivery', 'paid_at'],
    s.payouts.map((p) => [
      String(p.cycle),
      name(p.recipientName),
      money(p.poolCents),
      money(p.feeCents),
      money(p.amountCents),
      money(p.reserveCoverCents),
      p.delivery,
      p.paidAt ?? '',
    ]),
  );
  section(
    'penalties',
    ['contribution_id', 'cycle', 'member', 'amount', 'status'],
    s.penalties.map((p) => [
      String(p.contributionId),
      String(p.cycle),
      name(p.name),
      money(p.amountCents),
      p.status,
    ]),
  );
  section(
    'reserve',
    ['at', 'kind', 'member', 'amount', 'balance_after'],
    s.reserve.movements.map((m) => [
      m.at,
      csvCell(m.kind),
      name(m.name),
      money(m.amountCents),
      money(m.balanceAfterCents),
    ]),
  );
  const t = s.totals;
  section(
    'totals',
    [
      'contributions_paid',
      'penalties_owed',
      'penalties_paid',
      'penalties_waived',
      'payouts',
      'fees',
      'reserve_cover',
      'reserve_balance',
      'escrow_held',
    ],
    [
      [
        money(t.contributionsPaidCents),
        money(t.penaltiesOwedCents),
        money(t.penaltiesPaidCents),
        money(t.penaltiesWaivedCents),
        money(t.payoutsCents),
        money(t.feesCents),
        money(t.reserveCoverCents),
        money(t.reserveBalanceCents),
        money(t.escrowHeldCents),
      ],
    ],
  );
  return csvLines(rows);
}
