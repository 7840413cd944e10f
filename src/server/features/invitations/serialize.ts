import type { groupInvitations } from '#server/db/invitations-schema.ts';
import type { Invitation } from '#shared/schemas/invitations.ts';

export type InvitationRow = typeof groupInvitations.$inferSelect;

/** A pending invitation whose time has passed is expired, whether or not the row says so yet. */
export function invitationStatus(row: InvitationRow, now: Date): Invitation['status'] {
  return row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

export function serializeInvitation(row: InvitationRow, invitedByName: string | null, now: Date): Invitation {
  return {
    id: row.id,
    groupId: row.groupId,
    email: row.email,
    invitedBy: row.invitedBy,
    invitedByName,
    invitedDate: row.createdAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: invitationStatus(row, now),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}
