import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { groupAdminIds } from '#server/circle/admins.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import { notify } from '#server/core/notify.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers, groups } from '#server/db/groups-schema.ts';
import { groupInvitations } from '#server/db/invitations-schema.ts';
import { users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { formatAmount } from '#shared/money.ts';
import type { ApplicationFields } from '#shared/schemas/applications.ts';
import type { InvitationView } from '#shared/schemas/invitations.ts';
import { joinLockedGroup } from '../groups/join-group.ts';
import { type InvitationRow, invitationStatus } from './serialize.ts';
import { hashToken } from './tokens.ts';

/**
 * An open invitation for this token, or one answer for every other case (unknown, used, revoked,
 * replaced, expired): a token tells its holder nothing more than that it no longer works.
 */
function usable(row: InvitationRow | undefined, now: Date): InvitationRow {
  if (!row || invitationStatus(row, now) !== 'pending') throw new AppError('INVITATION_NOT_FOUND');
  return row;
}

/** Bound to its address: only the account with that email (any case) may see or use it. */
function assertAddressee(row: InvitationRow, user: SessionUser) {
  if (user.email.trim().toLowerCase() !== row.email.toLowerCase())
    throw new AppError('INVITATION_OTHER_EMAIL');
}

async function byToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(groupInvitations)
    .where(eq(groupInvitations.tokenHash, hashToken(token)));
  return row;
}

/** GET /api/invitations/{token}: the circle as its invitee sees it before accepting. */
export async function viewInvitation(
  ctx: AppContext,
  user: SessionUser,
  token: string,
): Promise<InvitationView> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const row = usable(await byToken(db, token), now);
  assertAddressee(row, user);
  const [group] = await db.select().from(groups).where(eq(groups.id, row.groupId));
  if (!group) throw new AppError('INVITATION_NOT_FOUND');
  const [inviter] = row.invitedBy
    ? await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, row.invitedBy))
    : [];
  const [member] = await db
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, user.id)));
  return {
    invitation: {
      email: row.email,
      invitedByName: inviter?.fullName ?? null,
      expiresAt: row.expiresAt.toISOString(),
      status: 'pending',
    },
    group: {
      id: group.id,
      name: group.name,
      status: group.status,
      contributionAmount: formatAmount(group.contributionCents),
      frequency: group.frequency,
      memberLimit: group.memberLimit,
      currentMembers: group.currentMembers,
      requireApproval: group.requireApproval,
    },
    alreadyMember: member !== undefined,
  };
}

/**
 * POST /api/invitations/{token}/accept: joins without the invite code, or files a request to join
 * where the circle reviews its members, through the same locked join as the code path
 * (groups/join-group.ts). The group row is locked before the invitation's, in the order the admin
 * calls take them, and the invitation is read again under its lock: of two accepts of one token
 * exactly one finds it open. It is marked accepted in the same transaction, so it is used up
 * exactly when the seat (or the request) exists.
 */
export async function acceptInvitation(
  ctx: AppContext,
  user: SessionUser,
  token: string,
  application: ApplicationFields,
) {
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  return inTransaction(ctx.database.db, async (tx) => {
    const [peek] = await tx
      .select({ id: groupInvitations.id, groupId: groupInvitations.groupId })
      .from(groupInvitations)
      .where(eq(groupInvitations.tokenHash, tokenHash));
    if (!peek) throw new AppError('INVITATION_NOT_FOUND');
    const [group] = await tx.select().from(groups).where(eq(groups.id, peek.groupId)).for('update');
    const [locked] = await tx
      .select()
      .from(groupInvitations)
      .where(and(eq(groupInvitations.id, peek.id), eq(groupInvitations.tokenHash, tokenHash)))
      .for('update');
    const row = usable(locked, now);
    if (!group) throw new AppError('INVITATION_NOT_FOUND');
    assertAddressee(row, user);

    const joined = await joinLockedGroup(tx, group, user, application, now);
    await tx
      .update(groupInvitations)
      .set({
        status: 'accepted',
        closedAt: now,
        acceptedBy: user.id,
        applicationId: joined.application?.id ?? null,
      })
      .where(eq(groupInvitations.id, row.id));
    await recordAudit(tx, {
      action: 'invitation_accepted',
      actorUserId: user.id,
      subject: String(group.id),
      details: { invitationId: row.id, ...(joined.application && { applicationId: joined.application.id }) },
      at: now,
    });
    // A request to join already tells the admins (application_received); a join tells the inviter,
    // or the admins when the inviter's account is gone.
    if (!joined.application) {
      const recipients = row.invitedBy !== null ? [row.invitedBy] : await groupAdminIds(tx, group);
      await notify(tx, now, recipients, 'invitation_accepted', group.id, {
        groupName: group.name,
        memberName: user.fullName,
      });
    }
    return joined;
  });
}
