import { desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { requireMember } from '#server/circle/access.ts';
import { pendingActionApprovals, pendingActions } from '#server/db/safeguards-schema.ts';
import { users } from '#server/db/schema.ts';
import { formatAmount } from '#shared/money.ts';
import type { SafeguardType } from '#shared/safeguards.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { mayApprove, type PendingAction } from './request-approval.ts';

const HOUR = 3_600_000;

/** The spec's English description; the web app words it from `type` and `details` in the reader's language. */
function describe(action: PendingAction): string {
  const p = action.payload;
  switch (action.type) {
    case 'release_escrow':
      return `Release the cycle ${p.cycle} escrow`;
    case 'adjust_rotation':
      return 'Change the rotation order of the cycles not yet paid out';
    case 'update_safeguard':
      return p.enabled ? `Change the ${p.ruleId} safeguard` : `Turn off the ${p.ruleId} safeguard`;
    case 'remove_member':
      return `Remove ${p.memberName ?? 'a member'} from the circle`;
  }
}

/** The Security tab's pending actions: open ones first, then the latest decided, newest first. */
export async function listPendingActions(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  await requireMember(db, groupId, user.id);
  const now = ctx.clock.now();
  const actions = await db
    .select({ a: pendingActions, requester: users.fullName })
    .from(pendingActions)
    .leftJoin(users, eq(users.id, pendingActions.requestedBy))
    .where(eq(pendingActions.groupId, groupId))
    .orderBy(desc(pendingActions.id))
    .limit(30);
  const ids = actions.map(({ a }) => a.id);
  const approvals = ids.length
    ? await db
        .select({ actionId: pendingActionApprovals.actionId, userId: users.id, fullName: users.fullName })
        .from(pendingActionApprovals)
        .innerJoin(users, eq(users.id, pendingActionApprovals.userId))
        .where(inArray(pendingActionApprovals.actionId, ids))
    : [];
  const open = (a: PendingAction) => a.status === 'pending' || (a.status === 'approved' && !a.executedAt);
  const rows = actions.map(({ a, requester }) => {
    const approvers = approvals.filter((x) => x.actionId === a.id);
    const pending = a.status === 'pending' && a.expiresAt > now;
    return {
      id: a.id,
      type: a.type,
      description: describe(a),
      details: {
        cycle: (a.payload.cycle as number | undefined) ?? null,
        ruleId: (a.payload.ruleId as SafeguardType | undefined) ?? null,
        enabled: (a.payload.enabled as boolean | undefined) ?? null,
        memberName: (a.payload.memberName as string | undefined) ?? null,
      },
      requestedBy: requester,
      requestedById: a.requestedBy,
      amount: a.amountCents === null ? null : formatAmount(a.amountCents),
      requiredApprovals: a.requiredApprovals,
      currentApprovals: approvers.length,
      approvers: approvers.map((x) => x.fullName),
      timeRemaining: pending ? Math.max(0, Math.ceil((a.expiresAt.getTime() - now.getTime()) / HOUR)) : 0,
      status: a.status,
      /** Approved but held back (a time lock, a dispute) until it can run or expires. */
      waiting: a.status === 'approved' && !a.executedAt,
      blockedBy: a.blockedBy,
      createdAt: a.createdAt.toISOString(),
      expiresAt: a.expiresAt.toISOString(),
      executedAt: a.executedAt?.toISOString() ?? null,
      canApprove:
        pending &&
        a.requestedBy !== user.id &&
        mayApprove(a, user.id) &&
        !approvers.some((x) => x.userId === user.id),
    };
  });
  const byOpen = (a: PendingAction) => (open(a) ? 0 : 1);
  const order = new Map(actions.map(({ a }) => [a.id, byOpen(a)]));
  return { pendingActions: rows.sort((x, y) => order.get(x.id)! - order.get(y.id)! || y.id - x.id) };
}
