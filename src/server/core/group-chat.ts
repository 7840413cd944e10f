import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { groupCommunicationSettings, groupMessages, users } from '#server/db/schema.ts';
import type { CommunicationSettings, MessageType, SystemMessageKind } from '#shared/schemas/chat.ts';

/** A circle's communication settings until an admin changes them (spec 001 §2.3). */
export const defaultCommunicationSettings: CommunicationSettings = {
  membersCanMessage: true,
  adminOnlyAnnouncements: true,
  autoWarnings: true,
  requireApproval: false,
};

export async function communicationSettings(tx: Db, groupId: number): Promise<CommunicationSettings> {
  const [row] = await tx
    .select({
      membersCanMessage: groupCommunicationSettings.membersCanMessage,
      adminOnlyAnnouncements: groupCommunicationSettings.adminOnlyAnnouncements,
      autoWarnings: groupCommunicationSettings.autoWarnings,
      requireApproval: groupCommunicationSettings.requireApproval,
    })
    .from(groupCommunicationSettings)
    .where(eq(groupCommunicationSettings.groupId, groupId));
  return row ?? defaultCommunicationSettings;
}

/** How each of the app's own messages is shown in the chat. */
const typeOf: Record<SystemMessageKind, MessageType> = {
  member_joined: 'system',
  contribution_confirmed: 'contribution',
  payout_sent: 'payout',
  group_frozen: 'system',
  group_unfrozen: 'system',
  overdue_warning: 'warning',
};

export type SystemMessage = {
  groupId: number;
  kind: SystemMessageKind;
  /** Names and amounts (cents) the reader's screen words in their language. */
  params: Record<string, string | number>;
  at: Date;
  /** A warning is seen by this member and the admins only. */
  recipientUserId?: number;
};

/**
 * The app's own message in a circle's chat (a join, a confirmed contribution, a payout, a freeze, a
 * warning). Call it inside the event's transaction, so the chat says exactly what happened.
 */
export async function postSystemMessage(tx: Db, message: SystemMessage) {
  await tx.insert(groupMessages).values({
    groupId: message.groupId,
    userId: null,
    message: '',
    messageType: typeOf[message.kind],
    systemKind: message.kind,
    systemParams: message.params,
    recipientUserId: message.recipientUserId ?? null,
    createdAt: message.at,
  });
}

/** The name a system message carries for a member. */
export async function fullNameOf(tx: Db, userId: number): Promise<string> {
  const [row] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.fullName ?? '';
}
