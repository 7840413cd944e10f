import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { groupCommunicationSettings, users } from '#server/db/schema.ts';
import { statement } from '#server/db/statement.ts';
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
  await insertSystemMessage(tx, ...systemMessageValues(message));
}

/** postSystemMessage as a statement to run with other writes (db/statement.ts writeTogether). */
export function systemMessageWrite(message: SystemMessage) {
  return insertSystemMessage.with(...systemMessageValues(message));
}

function systemMessageValues(message: SystemMessage) {
  return [
    message.groupId,
    typeOf[message.kind],
    message.kind,
    JSON.stringify(message.params),
    message.recipientUserId ?? null,
    message.at.toISOString(),
  ] as Parameters<typeof insertSystemMessage.with>;
}

// Every payment, payout and join writes one: SQL built once (db/statement.ts).
const insertSystemMessage = statement<
  never,
  [
    groupId: number,
    type: MessageType,
    kind: SystemMessageKind,
    params: string,
    recipient: number | null,
    at: string,
  ]
>(
  'chat_system_message',
  `insert into group_messages
     (group_id, user_id, message, message_type, system_kind, system_params, recipient_user_id, created_at)
   values ($1, null, '', $2, $3, $4::jsonb, $5, $6::timestamptz)`,
);

/** The name a system message carries for a member. */
export async function fullNameOf(tx: Db, userId: number): Promise<string> {
  const [row] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.fullName ?? '';
}
