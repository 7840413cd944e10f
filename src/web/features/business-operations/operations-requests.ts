import type {
  ComplianceReply,
  FinancialReply,
  OperationsPeriod,
  OverviewReply,
  RiskReply,
} from '#shared/schemas/business-operations.ts';
import { getJson } from '#web/lib/api.ts';

export const operationsKeys = {
  overview: (period: OperationsPeriod) => ['operations', 'overview', period] as const,
  financial: (period: OperationsPeriod) => ['operations', 'financial', period] as const,
  compliance: (period: OperationsPeriod) => ['operations', 'compliance', period] as const,
  risk: (period: OperationsPeriod) => ['operations', 'risk', period] as const,
};

/** The calls behind /business-operations (the support tab has its own, in features/support). */
export const operationsRequests = {
  overview: (period: OperationsPeriod) => getJson<OverviewReply>(`/api/operations/overview?period=${period}`),
  financial: (period: OperationsPeriod) =>
    getJson<FinancialReply>(`/api/operations/financial?period=${period}`),
  compliance: (period: OperationsPeriod) =>
    getJson<ComplianceReply>(`/api/operations/compliance?period=${period}`),
  risk: (period: OperationsPeriod) => getJson<RiskReply>(`/api/operations/risk?period=${period}`),
};

/** The downloads: the whole page for the period, and one calendar month's statement. */
export const exportUrl = (period: OperationsPeriod) => `/api/operations/export.csv?period=${period}`;
export const statementUrl = (month: string) => `/api/operations/statement.csv?month=${month}`;
