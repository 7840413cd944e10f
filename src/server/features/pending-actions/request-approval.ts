import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Group } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers } from '#server/db/groups-schema.ts';
import { pendingActions, type pendingActionTypes } from '#server/db/safeguards-schema.ts';
import { postgresError } from '#server/db/transaction.ts';
import { PENDING_ACTION_TTL_HOURS } from '#shared/safeguards.ts';

export type PendingActionType = (typeof pendingActionTypes)[number];
export type PendingAction = typeof pendingActions.$inferSelect;

export type ApprovalRequest = {
  type: PendingActionType;
  /** What the action is about (`cycle:3`, `rotation`, `safeguard:time_lock`): one open request each. */
  subject: string;
  payload: Record<string, unknown>;
  requestedBy: number | null;
  requiredApprovals: number;
  amountCents?: number | null;
  at: Date;
  /** Members who may not approve it (the member a removal is about); they do not count as approvers. */
  excludeApprovers?: number[];
  /** When set, only these members may approve it (admins, for a removal proposed without a member vote). */
  onlyApprovers?: number[];
};

/** Whether this member may approve the action at all (besides not having asked for it). */
export function mayApprove(action: Pick<PendingAction, 'payload'>, userId: number): boolean {
  const excluded = action.payload.excludeApprovers as number[] | undefined;
  const only = action.payload.onlyApprovers as number[] | undefined;
  return !excluded?.includes(userId) && (only === undefined || only.includes(userId));
}

/** How many members could approve: everyone but the requester. */
export async function possibleApprovers(
  tx: Db,
  groupId: number,
  requestedBy: number | null,
  limits: Pick<ApprovalRequest, 'excludeApprovers' | 'onlyApprovers'> = {},
) {
  if (limits.onlyApprovers)
    return limits.onlyApprovers.filter((id) => id !== requestedBy && !limits.excludeApprovers?.includes(id))
      .length;
  const excluded = limits.excludeApprovers ?? [];
  const [row] = await tx
    .select({ n: count() })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        requestedBy === null ? undefined : sql`${groupMembers.userId} <> ${requestedBy}`,
        excluded.length === 0 ? undefined : notInArray(groupMembers.userId, excluded),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Turns an action a safeguard holds back into a pending action for the other members to approve,
 * in the caller's transaction (which holds the group lock). The approvals asked for never exceed
 * the members who can give them. The same request twice is refused (ACTION_ALREADY_PENDING).
 */
export async function requestApproval(
  tx: Db,
  group: Group,
  request: ApprovalRequest,
): Promise<PendingAction> {
  const approvers = await possibleApprovers(tx, group.id, request.requestedBy, request);
  const required = Math.max(1, Math.min(request.requiredApprovals, approvers));
  let action: PendingAction | undefined;
  try {
    // In a savepoint: a duplicate must not abort the caller's transaction.
    [action] = await tx.transaction((sp) =>
      sp
        .insert(pendingActions)
        .values({
          groupId: group.id,
          type: request.type,
          requestedBy: request.requestedBy,
          payload: {
            ...request.payload,
            subject: request.subject,
            ...(request.excludeApprovers ? { excludeApprovers: request.excludeApprovers } : {}),
            ...(request.onlyApprovers ? { onlyApprovers: request.onlyApprovers } : {}),
          },
          amountCents: request.amountCents ?? null,
          requiredApprovals: required,
          createdAt: request.at,
          expiresAt: new Date(request.at.getTime() + PENDING_ACTION_TTL_HOURS * 3_600_000),
        })
        .returning(),
    );
  } catch (error) {
    if (postgresError(error)?.code === '23505') throw new AppError('ACTION_ALREADY_PENDING');
    throw error;
  }
  const members = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id));
  await notify(
    tx,
    request.at,
    members.map((m) => m.userId).filter((id) => id !== request.requestedBy),
    'approval_requested',
    group.id,
    { groupName: group.name, actionType: request.type, actionId: action!.id },
  );
  await recordAudit(tx, {
    action: 'action_requested',
    actorUserId: request.requestedBy,
    subject: String(action!.id),
    details: { groupId: group.id, type: request.type, payload: request.payload, required },
    at: request.at,
  });
  return action!;
}
