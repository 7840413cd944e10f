import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { type Group, requireAdmin } from '#server/circle/access.ts';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import type { SessionUser } from '#server/core/identity.ts';
import type { Db } from '#server/db/client.ts';
import { groupMembers } from '#server/db/groups-schema.ts';
import { groupInvitations } from '#server/db/invitations-schema.ts';
import { users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { emailLanguage } from '#server/email/languages.ts';
import { queueEmail } from '#server/email/outbox.ts';
import { invitationEmail } from '#server/email/templates/invitation.ts';
import { INVITATION_TTL_DAYS } from '#shared/schemas/invitations.ts';
import { type InvitationRow, invitationStatus, serializeInvitation } from './serialize.ts';
import { invitationLink, newInvitationToken } from './tokens.ts';

/** Invitation emails one circle may send in 24 hours (first sends; a resend moves its row's time). */
export const INVITATIONS_PER_GROUP_PER_DAY = 50;
/** A resend sooner than this after the last send is refused: one click, one email. */
export const RESEND_INTERVAL_MS = 60_000;
const DAY = 86_400_000;

/** Only a circle with a free seat that is still recruiting can be invited to. */
function assertInvitable(group: Group) {
  if (group.status !== 'recruiting') throw new AppError('INVITE_GROUP_NOT_RECRUITING');
  if (group.currentMembers >= group.memberLimit) throw new AppError('INVITE_GROUP_FULL');
}

async function assertNotMember(tx: Db, groupId: number, email: string) {
  const [member] = await tx
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), sql`lower(${users.email}) = ${email}`));
  if (member) throw new AppError('INVITEE_ALREADY_MEMBER');
}

/**
 * Writes the email with a fresh link into the outbox, in the caller's transaction. It speaks the
 * invitee's language when the address has an account, else the inviter's (likely the circle's).
 */
async function queueInvitationEmail(
  tx: Db,
  group: Group,
  inviter: SessionUser,
  email: string,
  token: string,
  base: string,
  now: Date,
) {
  const [account] = await tx
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  const language = emailLanguage(account?.language ?? inviter.language);
  const message = invitationEmail(
    language,
    {
      inviterName: inviter.fullName,
      groupName: group.name,
      contributionCents: group.contributionCents,
      memberLimit: group.memberLimit,
      requireApproval: group.requireApproval,
      days: INVITATION_TTL_DAYS,
    },
    invitationLink(base, token),
  );
  await queueEmail(tx, {
    ...message,
    userId: account?.id ?? null,
    to: email,
    language,
    kind: 'group_invitation',
    now,
  });
}

/**
 * POST /api/groups/{id}/invite: an admin invites an address. Under the group's row lock, so two
 * admins inviting the same address at once make one invitation (the partial unique index agrees).
 * A pending invitation to the address that has run out is closed as expired first: only an open
 * one blocks a new invitation.
 */
export async function sendInvitation(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
  email: string,
  base: string,
) {
  const now = ctx.clock.now();
  const { token, tokenHash, expiresAt } = newInvitationToken(now);
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    assertInvitable(group);
    await assertNotMember(tx, group.id, email);
    const sameAddress = and(
      eq(groupInvitations.groupId, group.id),
      sql`lower(${groupInvitations.email}) = ${email}`,
      eq(groupInvitations.status, 'pending'),
    );
    await tx
      .update(groupInvitations)
      .set({ status: 'expired', closedAt: now })
      .where(and(sameAddress, lte(groupInvitations.expiresAt, now)));
    const [open] = await tx.select({ id: groupInvitations.id }).from(groupInvitations).where(sameAddress);
    if (open) throw new AppError('INVITATION_ALREADY_PENDING');
    const [sent] = await tx
      .select({ n: count() })
      .from(groupInvitations)
      .where(
        and(
          eq(groupInvitations.groupId, group.id),
          gt(groupInvitations.sentAt, new Date(now.getTime() - DAY)),
        ),
      );
    if ((sent?.n ?? 0) >= INVITATIONS_PER_GROUP_PER_DAY) throw new AppError('INVITATIONS_TOO_MANY');

    const [row] = await tx
      .insert(groupInvitations)
      .values({
        groupId: group.id,
        email,
        invitedBy: admin.id,
        tokenHash,
        createdAt: now,
        sentAt: now,
        expiresAt,
      })
      .returning();
    await queueInvitationEmail(tx, group, admin, email, token, base, now);
    await recordAudit(tx, {
      action: 'invitation_sent',
      actorUserId: admin.id,
      subject: String(group.id),
      details: { invitationId: row!.id },
      at: now,
    });
    return serializeInvitation(row!, admin.fullName, now);
  });
}

/** The invitation with this id in this circle, locked; ids of other circles' invitations name nothing. */
async function lockedInvitation(tx: Db, groupId: number, invitationId: number): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(groupInvitations)
    .where(and(eq(groupInvitations.id, invitationId), eq(groupInvitations.groupId, groupId)))
    .for('update');
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
  return row;
}

async function nameOf(tx: Db, userId: number | null) {
  if (userId === null) return null;
  const [user] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return user?.fullName ?? null;
}

/**
 * Resend: a new token and a new expiry, emailed again; the old link stops working because its
 * hash is no longer stored. An open invitation that has run out may be resent; an accepted,
 * revoked or replaced one may not.
 */
export async function resendInvitation(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
  invitationId: number,
  base: string,
) {
  const now = ctx.clock.now();
  const { token, tokenHash, expiresAt } = newInvitationToken(now);
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    const row = await lockedInvitation(tx, group.id, invitationId);
    if (row.status !== 'pending') throw new AppError('INVITATION_NOT_PENDING');
    assertInvitable(group);
    await assertNotMember(tx, group.id, row.email);
    if (now.getTime() - row.sentAt.getTime() < RESEND_INTERVAL_MS)
      throw new AppError('INVITATION_RESENT_RECENTLY');
    const [updated] = await tx
      .update(groupInvitations)
      .set({ tokenHash, sentAt: now, expiresAt })
      .where(eq(groupInvitations.id, row.id))
      .returning();
    await queueInvitationEmail(tx, group, admin, row.email, token, base, now);
    await recordAudit(tx, {
      action: 'invitation_resent',
      actorUserId: admin.id,
      subject: String(group.id),
      details: { invitationId: row.id },
      at: now,
    });
    return serializeInvitation(updated!, await nameOf(tx, updated!.invitedBy), now);
  });
}

/** Revoke: the link stops working at once. A closed invitation cannot be revoked. */
export async function revokeInvitation(
  ctx: AppContext,
  admin: SessionUser,
  groupId: number,
  invitationId: number,
) {
  const now = ctx.clock.now();
  return inTransaction(ctx.database.db, async (tx) => {
    const { group } = await requireAdmin(tx, groupId, admin.id, { lock: true });
    const row = await lockedInvitation(tx, group.id, invitationId);
    if (row.status !== 'pending') throw new AppError('INVITATION_NOT_PENDING');
    const [updated] = await tx
      .update(groupInvitations)
      .set({ status: 'revoked', closedAt: now })
      .where(eq(groupInvitations.id, row.id))
      .returning();
    await recordAudit(tx, {
      action: 'invitation_revoked',
      actorUserId: admin.id,
      subject: String(group.id),
      details: { invitationId: row.id, wasExpired: invitationStatus(row, now) === 'expired' },
      at: now,
    });
    return serializeInvitation(updated!, await nameOf(tx, updated!.invitedBy), now);
  });
}
