import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import {
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferenceOverrides,
  type NotificationPreferences,
} from '#shared/schemas/settings.ts';
import type { NotificationType } from './notify.ts';

/**
 * Which switch in /settings governs each in-app notification. One table, so a new type cannot be
 * added without choosing (the type checker asks). Security ones go out whatever the switches say.
 */
export const notificationKindOf: Record<NotificationType, NotificationKind> = {
  payment_due_soon: 'payment_reminders',
  payment_overdue: 'payment_reminders',
  payment_reminder: 'payment_reminders',
  penalty_applied: 'payment_reminders',
  bank_debit_failed: 'payment_reminders',
  autopay_failed: 'payment_reminders',
  member_inactive: 'payment_reminders',
  member_reactivated: 'payment_reminders',
  group_settings_changed: 'payouts',
  contribution_confirmed: 'payouts',
  payout_received: 'payouts',
  payout_handed_over: 'payouts',
  payout_disputed: 'payouts',
  reserve_shared: 'payouts',
  withdrawal_completed: 'payouts',
  withdrawal_failed: 'payouts',
  escrow_disputed: 'payouts',
  escrow_dispute_resolved: 'payouts',
  group_active: 'approvals',
  group_completed: 'approvals',
  group_frozen: 'approvals',
  group_unfrozen: 'approvals',
  made_co_admin: 'approvals',
  co_admin_removed: 'approvals',
  ownership_offered: 'approvals',
  ownership_transferred: 'approvals',
  ownership_declined: 'approvals',
  application_received: 'approvals',
  application_approved: 'approvals',
  application_rejected: 'approvals',
  application_closed: 'approvals',
  invitation_accepted: 'approvals',
  approval_requested: 'approvals',
  action_executed: 'approvals',
  action_expired: 'approvals',
  member_left: 'approvals',
  member_removed: 'approvals',
  you_were_removed: 'approvals',
  debt_recorded: 'payouts',
  message_reported: 'chat',
  announcement_posted: 'chat',
  // A warning is about one's standing in the circle, like the circle's other decisions about them.
  member_warned: 'approvals',
  // Codes and identity checks are about the account itself.
  bank_micro_deposits_sent: 'security',
  verification_code_texted: 'security',
  verification_code_mailed: 'security',
  identity_verified: 'security',
  identity_verification_failed: 'security',
  // An answer the reader asked for: always shown, like the account's own messages.
  support_ticket_answered: 'security',
  // Money paid into the wallet, like a payout or a share of the reserve.
  referral_reward_paid: 'payouts',
};

/** Every switch, stored overrides applied; security always on. */
export function effectivePreferences(
  stored: NotificationPreferenceOverrides | null,
): NotificationPreferences {
  const result = {} as NotificationPreferences;
  for (const kind of NOTIFICATION_KINDS) {
    const off = kind === 'security' ? {} : (stored?.[kind] ?? {});
    result[kind] = { inApp: off.inApp !== false, email: off.email !== false };
  }
  return result;
}

/**
 * Turns one switch on or off in one statement (a concurrent change of another switch is kept).
 * Security is not switchable; the schema never lets it reach here.
 */
export async function setPreference(
  db: Db,
  userId: number,
  kind: Exclude<NotificationKind, 'security'>,
  channel: NotificationChannel,
  enabled: boolean,
): Promise<boolean> {
  const column = users.notificationPreferences;
  const [row] = await db
    .update(users)
    .set({
      notificationPreferences: sql`jsonb_set(
        case when ${column} ? ${kind} then ${column} else ${column} || jsonb_build_object(${kind}::text, '{}'::jsonb) end,
        ${`{${kind},${channel}}`}::text[], to_jsonb(${enabled}::boolean))`,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return row !== undefined;
}

export async function preferencesOf(db: Db, userId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ stored: users.notificationPreferences })
    .from(users)
    .where(eq(users.id, userId));
  return effectivePreferences(row?.stored ?? null);
}

/** Of these users, the ones who want `kind` on `channel` (security: all of them). */
export async function usersWanting(
  db: Db,
  userIds: number[],
  kind: NotificationKind,
  channel: NotificationChannel,
): Promise<number[]> {
  if (kind === 'security' || userIds.length === 0) return userIds;
  const rows = await db
    .select({ id: users.id, stored: users.notificationPreferences })
    .from(users)
    .where(inArray(users.id, userIds));
  const off = new Set(rows.filter((r) => r.stored?.[kind]?.[channel] === false).map((r) => r.id));
  return userIds.filter((id) => !off.has(id));
}
