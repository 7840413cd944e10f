import { arrayParameter } from '#server/db/array-parameter.ts';
import type { Db } from '#server/db/client.ts';
import { statement } from '#server/db/statement.ts';
import { queueNotificationEmails } from '#server/email/notification-mail.ts';
import { hasEmail } from '#server/email/templates/notification-email.ts';
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
  /** data: groupName, ownerName: the owner made the reader a co-admin, or a member again. */
  | 'made_co_admin'
  | 'co_admin_removed'
  /** data: groupName, ownerName: the owner offers the circle to the reader, who must accept. */
  | 'ownership_offered'
  /** data: groupName, newOwnerName. */
  | 'ownership_transferred'
  /** data: groupName, memberName: the reader's offer was declined. */
  | 'ownership_declined'
  | 'withdrawal_completed'
  | 'withdrawal_failed'
  | 'application_received'
  | 'application_approved'
  | 'application_rejected'
  | 'application_closed'
  /** data: groupName, memberName. */
  | 'invitation_accepted'
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
  | 'announcement_posted'
  /** data: groupName, memberName (to the admins and members who stay). */
  | 'member_left'
  | 'member_removed'
  /** data: groupName (to the member removed; no group link, they no longer see it). */
  | 'you_were_removed'
  /** data: groupName, amount (a debt to the reserve recorded when a member left). */
  | 'debt_recorded'
  /** data: groupName, reason (the admin's words). */
  | 'member_warned'
  /** data: groupName, penaltyPercentage, gracePeriodDays, emergencyFundPercentage (the new values). */
  | 'group_settings_changed'
  /** data: groupName, memberName, missed, limit. To the member and the admins. */
  | 'member_inactive'
  /** data: groupName, memberName. */
  | 'member_reactivated'
  /** data: subject, ticketId (support answered the reader's contact-form request; emailed apart). */
  | 'support_ticket_answered'
  /** data: amount, referrals (the tier reached): its reward was paid into the reader's wallet. */
  | 'referral_reward_paid';

// One statement, built once (db/statement.ts): the preferences are read where the rows are written;
// a security notice reaches everyone.
const insertNotifications = statement<
  never,
  [
    type: string,
    groupId: number | null,
    data: string,
    at: string,
    userIds: string,
    kind: string,
    always: boolean,
  ]
>(
  'notify_insert',
  `insert into notifications (user_id, type, group_id, data, created_at)
   select u.id, $1, $2, $3::jsonb, $4::timestamptz
   from users u where u.id = any($5::int[])
     and ($7 or coalesce(u.notification_preferences -> $6 ->> 'inApp', '') <> 'false')`,
);

function notificationValues(
  at: Date,
  userIds: number[],
  type: NotificationType,
  groupId: number | null,
  data: Record<string, string | number>,
) {
  const kind = notificationKindOf[type];
  return [
    type,
    groupId,
    JSON.stringify(data),
    at.toISOString(),
    arrayParameter(userIds),
    kind,
    kind === 'security',
  ] as Parameters<typeof insertNotifications.with>;
}

/**
 * notify's in-app notifications as a statement to run with other writes (db/statement.ts
 * writeTogether), for a type that has no email.
 */
export function notificationWrite(
  at: Date,
  userIds: number[],
  type: NotificationType,
  groupId: number | null,
  data: Record<string, string | number>,
) {
  if (hasEmail(type)) throw new Error(`${type} also sends an email: use notify()`);
  return insertNotifications.with(...notificationValues(at, userIds, type, groupId, data));
}

/**
 * Adds a notification inside the caller's transaction, so it exists exactly when the event does;
 * to each user who has not switched this kind of in-app notification off (notification-preferences.ts).
 * For the types that have an email, also queues it (same transaction) to each user whose email switch
 * for the kind is on; the two switches are independent.
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
  await insertNotifications(tx, ...notificationValues(at, userIds, type, groupId, data));
  const kind = notificationKindOf[type];
  if (hasEmail(type))
    await queueNotificationEmails(
      tx,
      at,
      await usersWanting(tx, userIds, kind, 'email'),
      kind,
      type,
      groupId,
      data,
    );
}
