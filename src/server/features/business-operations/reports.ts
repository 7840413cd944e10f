import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type {
  ComplianceReply,
  FinancialReply,
  OperationsPeriod,
  OverviewReply,
  RiskReply,
} from '#shared/schemas/business-operations.ts';
import { auditActivity, complianceFigures, unverifiedMovers, verificationCoverage } from './compliance.ts';
import { feesByKind, financialFigures, withdrawalsByMethod } from './financial.ts';
import { reconciliation } from './reconciliation.ts';
import { circlesAtRisk, membersAtRisk, riskFigures } from './risk.ts';
import { num, rows, within } from './sql-rows.ts';
import { type Window, type Windows, windowsReply } from './windows.ts';

/** Support tickets received within the window. */
async function ticketsReceived(db: Db, window: Window) {
  const [row] = await rows(
    db,
    sql`select count(*)::int as n from support_tickets where ${within(sql.raw('created_at'), window)}`,
  );
  return num(row?.n);
}

type Figures = {
  financial: Awaited<ReturnType<typeof financialFigures>>;
  risk: Awaited<ReturnType<typeof riskFigures>>;
  tickets: number;
};
const figuresOf = async (db: Db, window: Window): Promise<Figures> => ({
  financial: await financialFigures(db, window),
  risk: await riskFigures(db, window),
  tickets: await ticketsReceived(db, window),
});

/** The KPI cards: each figure of the period against the previous period's. */
export async function overviewReport(
  db: Db,
  period: OperationsPeriod,
  windows: Windows,
): Promise<OverviewReply> {
  const current = await figuresOf(db, windows.current);
  const previous = await figuresOf(db, windows.previous);
  const kpi = (
    key: OverviewReply['kpis'][number]['key'],
    unit: 'cents' | 'count',
    pick: (f: Figures) => number,
  ) => ({
    key,
    unit,
    current: pick(current),
    previous: pick(previous),
  });
  return {
    period,
    windows: windowsReply(windows),
    kpis: [
      kpi('contributions', 'cents', (f) => f.financial.contributionsCents),
      kpi('payouts', 'cents', (f) => f.financial.payoutsCents),
      kpi('feeRevenue', 'cents', (f) => f.financial.feeRevenueCents),
      kpi('withdrawals', 'cents', (f) => f.financial.withdrawalsCents),
      kpi('walletsHeld', 'cents', (f) => f.financial.walletsHeldCents),
      kpi('missedPayments', 'count', (f) => f.risk.missedPayments),
      kpi('penalties', 'count', (f) => f.risk.penaltiesCharged),
      kpi('supportTickets', 'count', (f) => f.tickets),
    ],
  };
}

export async function financialReport(
  db: Db,
  period: OperationsPeriod,
  windows: Windows,
): Promise<FinancialReply> {
  return {
    period,
    windows: windowsReply(windows),
    current: await financialFigures(db, windows.current),
    previous: await financialFigures(db, windows.previous),
    feesByKind: await feesByKind(db, windows),
    withdrawalsByMethod: await withdrawalsByMethod(db, windows),
    reconciliation: await reconciliation(db, windows.current),
  };
}

export async function complianceReport(
  db: Db,
  period: OperationsPeriod,
  windows: Windows,
): Promise<ComplianceReply> {
  return {
    period,
    windows: windowsReply(windows),
    ...(await verificationCoverage(db)),
    current: await complianceFigures(db, windows.current),
    previous: await complianceFigures(db, windows.previous),
    unverifiedMovers: await unverifiedMovers(db, windows.current),
    auditActivity: await auditActivity(db, windows),
  };
}

/** Risk now (who is at risk) and the period's defaults against the previous period's. */
export async function riskReport(db: Db, period: OperationsPeriod, windows: Windows): Promise<RiskReply> {
  return {
    period,
    windows: windowsReply(windows),
    current: await riskFigures(db, windows.current),
    previous: await riskFigures(db, windows.previous),
    members: await membersAtRisk(db, windows.current.to),
    circles: await circlesAtRisk(db, windows.current.to),
  };
}
