import type { AppContext } from '#server/app-context.ts';
import { requireAdmin } from '#server/circle/access.ts';
import { AppError } from '#server/core/errors.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { type SafeguardType, safeguardConfigSchemas, votesNeeded } from '#shared/safeguards.ts';
import type { UpdateSafeguardInput } from '#shared/schemas/safeguards.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { requestApproval } from '../pending-actions/request-approval.ts';
import { applySafeguardChange, type SafeguardChange } from './apply.ts';
import { loadSafeguards, type SafeguardState, whenOn } from './rules.ts';

/** Whether a change lowers a protection: switching it off, or easing one of its settings. */
export function weakens(before: SafeguardState, after: SafeguardChange): boolean {
  if (!before.enabled) return false;
  if (!after.enabled) return true;
  const was = before.config as Record<string, number>;
  const now = after.config;
  switch (after.type) {
    case 'multi_signature':
      return now.requiredApprovals! < was.requiredApprovals!;
    case 'time_lock':
      return now.hours! < was.hours!;
    case 'member_vote':
      return now.approvalPercent! < was.approvalPercent!;
    case 'transaction_limits':
      return now.perWithdrawalCents! > was.perWithdrawalCents! || now.dailyCents! > was.dailyCents!;
    case 'third_party_custody':
      return false;
  }
}

/**
 * PUT …/safeguards/{ruleId} (admin). Turning a protection on or tightening it applies at once; while
 * a circle with member vote on is running, switching one off or easing it needs the members'
 * approval, so an admin cannot quietly remove the checks on themselves.
 */
export async function updateSafeguard(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
  type: SafeguardType,
  input: UpdateSafeguardInput,
) {
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    const safeguards = await loadSafeguards(tx, groupId);
    const current = safeguards[type];
    const parsed = safeguardConfigSchemas[type].safeParse({
      ...current.config,
      ...(input.configuration ?? {}),
    });
    if (!parsed.success)
      throw new AppError(
        'VALIDATION_ERROR',
        `Invalid ${type} settings: ${parsed.error.issues[0]?.message ?? ''}`,
      );
    const config = parsed.data as Record<string, number>;
    if (type === 'multi_signature' && config.requiredApprovals! > Math.max(1, group.memberLimit - 1))
      throw new AppError('VALIDATION_ERROR', 'More approvals than there are other members to give them');
    if (type === 'transaction_limits' && config.perWithdrawalCents! > config.dailyCents!)
      throw new AppError('VALIDATION_ERROR', 'The single-withdrawal limit cannot exceed the daily limit');
    const change: SafeguardChange = { type, enabled: input.enabled, config };
    const vote = whenOn(safeguards.member_vote);
    if (vote && group.status === 'active' && weakens(current, change)) {
      const pendingAction = await requestApproval(tx, group, {
        type: 'update_safeguard',
        subject: `safeguard:${type}`,
        payload: { ruleId: type, enabled: change.enabled, configuration: change.config },
        requestedBy: admin.id,
        requiredApprovals: votesNeeded(vote.approvalPercent, group.currentMembers),
        at: ctx.clock.now(),
      });
      return { pendingAction };
    }
    await applySafeguardChange(ctx, tx, group, admin.id, change);
    return { applied: change };
  });
}
