import type { Db } from '#server/db/client.ts';
import { notifications } from '#server/db/groups-schema.ts';
import { notificationKindOf, usersWanting } from './notification-preferences.ts';

export type NotificationType =
  | 'payment_due_soon'
  | 'payment_overdue'
  | 'contribution_confirmed'
  | 'payout_received'
  | 'group_active'
  | 'group_completed'
  | 'payout_handed_over'
  | 'payout_disputed'
  | 'reserve_shared'
  | 'group_frozen'
  | 'group_unfrozen'
  | 'withdrawal_completed'
  | 'withdrawal_failed'
  | 'application_received'
  | 'application_approved'
  | 'application_rejected'
  | 'application_closed'
  | 'bank_micro_deposits_sent'
  | 'approval_requested'
  | 'action_executed'
  | 'action_expired'
  | 'escrow_disputed'
  | 'escrow_dispute_resolved'
  | 'payment_reminder'
  | 'penalty_applied'
  | 'bank_debit_failed'
  | 'autopay_failed'
  | 'verification_code_texted'
  | 'verification_code_mailed'
  | 'identity_verified'
  | 'identity_verification_failed'
  /** data: groupName, reporterName, messageId. */
  | 'message_reported'
  /** data: groupName, title, priority (high or urgent). */
  | 'announcement_posted';

/**
 * Adds a notification inside the caller's transaction, so it exists exactly when the event does;
 * to each user who has not switched this kind of in-app notification off (notification-preferences.ts).
 */
export async function notify(
  tx: Db,
  at: Date,
  userIds: number[],
  type: NotificationType,
  groupId: number | null,
  data: Record<string, string | number>,
) {
  if (userIds.length === 0) return;
  const recipients = await usersWanting(tx, userIds, notificationKindOf[type], 'inApp');
  if (recipients.length === 0) return;
  await tx
    .insert(notifications)
    .values(recipients.map((userId) => ({ userId, type, groupId, data, createdAt: at })));
}
