/**
 * The query keys more than one feature refreshes. A feature's own queries build on these, and
 * refresh.ts invalidates them after a change, so no feature has to import another's queries to do so.
 */
export const queryKeys = {
  /** Every group query: lists, invites, details and the group's tabs below it. */
  groups: () => ['groups'] as const,
  groupList: () => ['groups', 'list'] as const,
  groupDetail: (groupId: number) => ['groups', 'detail', groupId] as const,
  escrow: (groupId: number) => ['groups', 'escrow', groupId] as const,
  safeguards: (groupId: number) => ['groups', 'safeguards', groupId] as const,
  pendingActions: (groupId: number) => ['groups', 'actions', groupId] as const,
  /** A group's chat: the pages of messages, and the pinned ones (`[..., 'pinned']`). */
  messages: (groupId: number) => ['groups', 'messages', groupId] as const,
  announcements: (groupId: number) => ['groups', 'announcements', groupId] as const,
  communicationSettings: (groupId: number) => ['groups', 'communication-settings', groupId] as const,
  /** Unread chat messages in every group of the caller (group list, Chat tab badge). */
  chatUnread: () => ['chat-unread'] as const,
  notifications: () => ['notifications'] as const,
  dashboard: () => ['dashboard'] as const,
  autopay: () => ['autopay'] as const,
  paymentMonitoring: () => ['payment-monitoring'] as const,
  bankDebits: () => ['bank-debits'] as const,
  wallet: () => ['wallet'] as const,
};
