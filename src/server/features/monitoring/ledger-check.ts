import { performance } from 'node:perf_hooks';
import type { AppContext } from '#server/app-context.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { checkLedgerInvariants } from '#server/ledger/invariants.ts';
import type { LedgerCheckReply } from '#shared/schemas/system-admin.ts';

/** The ledger's invariants, checked now at an operator's request; the audit log keeps the outcome. */
export async function runLedgerCheck(
  ctx: AppContext,
  operator: SessionUser,
  ip: string,
): Promise<LedgerCheckReply> {
  const { db } = ctx.database;
  const started = performance.now();
  const problems = await checkLedgerInvariants(db);
  // The real clock: how long the check took on this server, as the monitoring timings are.
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  const checkedAt = ctx.clock.now();
  await recordAudit(db, {
    action: 'ledger_checked',
    actorUserId: operator.id,
    subject: 'ledger',
    ip,
    details: { ok: problems.length === 0, problems: problems.length },
    at: checkedAt,
  });
  return { ok: problems.length === 0, problems, checkedAt: checkedAt.toISOString(), durationMs };
}
