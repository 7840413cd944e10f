import type { AppNotification } from './queries.ts';

/** The group page tab where each kind of group notification is acted on (overview otherwise). */
const groupTab: Partial<Record<string, string>> = {
  approval_requested: 'security',
  action_executed: 'security',
  action_expired: 'security',
  escrow_disputed: 'escrow',
  escrow_dispute_resolved: 'escrow',
  autopay_failed: 'autopay',
  payment_reminder: 'payments',
  penalty_applied: 'payments',
  message_reported: 'chat',
  announcement_posted: 'news',
  made_co_admin: 'members',
  co_admin_removed: 'members',
};

/** Where a notification takes the reader: the page where they can see or do something about it. */
export function notificationHref(n: Pick<AppNotification, 'type' | 'groupId'>): string {
  // A warning is read with its reason on the circle's Reputation tab.
  if (n.groupId && n.type === 'member_warned') return `/group-management?group=${n.groupId}&tab=reputation`;
  if (n.groupId) {
    const tab = groupTab[n.type];
    return tab ? `/groups/${n.groupId}?tab=${tab}` : `/groups/${n.groupId}`;
  }
  if (n.type.startsWith('withdrawal_')) return '/withdrawal';
  if (n.type.startsWith('bank_')) return '/bank-account';
  // The sender's own requests and their answers are listed on the contact page.
  if (n.type.startsWith('support_')) return '/contact';
  if (n.type.startsWith('referral_')) return '/referral';
  return '/dashboard';
}
