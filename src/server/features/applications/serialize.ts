import type { groupApplications } from '#server/db/applications-schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { MyApplication } from '#shared/schemas/applications.ts';
import { CIRCLE_FULL_REASON } from './close-pending.ts';

export type ApplicationRow = typeof groupApplications.$inferSelect;

/** An application as its applicant sees it. */
export function serializeApplication(row: ApplicationRow): MyApplication {
  return {
    id: row.id,
    groupId: row.groupId,
    status: row.status,
    reason: row.reason,
    monthlyIncome: row.monthlyIncomeCents === null ? null : formatAmount(row.monthlyIncomeCents),
    creditScore: row.creditScore,
    referredBy: row.referredBy,
    appliedDate: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    // Closed by the system when the last seat went, not by an admin's decision.
    closedBecauseFull:
      row.status === 'rejected' && row.decidedBy === null && row.decisionReason === CIRCLE_FULL_REASON,
  };
}
