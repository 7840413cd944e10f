import type { Request } from './api-operations.ts';
import { typicalGroupSettings } from './group-settings-body.ts';

/** The objects an example request names: real ones from a test world, or any well-formed ids. */
export type ExampleIds = {
  /** The caller's own user id (the spec's bodies name the acting user). */
  self: number;
  /** Another member of the circle. */
  memberId: number;
  groupId: number;
  inviteCode: string;
  /** A circle that reviews its members, with a pending request to join. */
  approvalGroupId: number;
  applicationId: number;
  /** An invitation by email to the circle `groupId`. */
  invitationId: number;
  contributionId: number;
  payoutId: number;
  escrowId: number;
  disputeId: number;
  actionId: number;
  notificationId: number;
  /** A member's message in the circle's chat. */
  messageId: number;
  bankAccountId: number;
  bankLinkSession: string;
  identitySession: string;
};

/** Well-formed ids that need no world: enough for anything refused before the handler runs. */
export const anyIds: ExampleIds = {
  self: 1,
  memberId: 2,
  groupId: 1,
  inviteCode: 'ABCD2345',
  approvalGroupId: 2,
  applicationId: 1,
  invitationId: 1,
  contributionId: 1,
  payoutId: 1,
  escrowId: 1,
  disputeId: 1,
  actionId: 1,
  notificationId: 1,
  messageId: 1,
  bankAccountId: 1,
  bankLinkSession: 'sbx_fcs_0000000000000000',
  identitySession: 'sbx_idv_0000000000000000',
};

const bankDetails = {
  bankName: 'Harbor Credit Union',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  accountType: 'checking',
};

/** The routes anyone may call without signing in; every other route needs a session. */
export const publicOperations = new Set([
  'GET /api/health',
  'GET /api/public-config',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/newsletter-signup',
  'GET /api/contact/form-token',
  'POST /api/contact',
  'POST /api/events',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  'POST /api/notifications/unsubscribe',
  'GET /api/calendar/{token}.ics',
]);

/**
 * A well-formed request for every documented operation, with every optional field present so the
 * walks reach each one. The walks fail on an operation missing here: a new route gets an example
 * the day it is added, and with it the input and authorization walks.
 */
export const routeExamples: Record<string, (ids: ExampleIds) => Request> = {
  'GET /api/health': () => ({}),
  'GET /api/public-config': () => ({}),
  'POST /api/auth/register': () => ({
    body: {
      username: 'harbor.walk',
      email: 'harbor.walk@example.org',
      fullName: 'Harbor Walk',
      password: 'violet-harbor-2931',
      language: 'fr',
      referralCode: 'ABCD2345',
    },
  }),
  'GET /api/referrals': () => ({}),
  'PUT /api/admin/referral-program': () => ({ body: { paused: false, reason: 'Campaign budget reviewed' } }),
  'POST /api/auth/login': () => ({ body: { username: 'harbor.walk', password: 'violet-harbor-2931' } }),
  'POST /api/auth/logout': () => ({}),
  'GET /api/user': () => ({}),
  'POST /api/auth/forgot-password': () => ({ body: { email: 'harbor.walk@example.org' } }),
  'POST /api/auth/reset-password': () => ({
    body: { token: 'a'.repeat(43), password: 'violet-harbor-2931' },
  }),
  'POST /api/auth/verify-email': () => ({ body: { token: 'a'.repeat(43) } }),
  'POST /api/auth/resend-verification': () => ({}),
  'PATCH /api/user/profile': () => ({
    body: { fullName: 'Harbor Walk', language: 'es', timeZone: 'America/New_York' },
  }),
  'POST /api/user/password': () => ({
    body: { currentPassword: 'violet-harbor-2931', newPassword: 'amber-quay-7740' },
  }),
  'POST /api/user/email': () => ({
    body: { currentPassword: 'violet-harbor-2931', newEmail: 'harbor.new@example.org' },
  }),
  'GET /api/user/sessions': () => ({}),
  'DELETE /api/user/sessions/{sessionId}': () => ({ params: { sessionId: '0123456789abcdef' } }),
  'POST /api/user/sessions/sign-out-others': () => ({}),
  'GET /api/user/notification-preferences': () => ({}),
  'PUT /api/user/notification-preferences': () => ({
    body: { kind: 'chat', channel: 'email', enabled: false },
  }),
  'POST /api/notifications/unsubscribe': () => ({ body: { token: '1.payouts.x' } }),
  'GET /api/dev/mailbox': () => ({}),
  'GET /api/admin/monitoring': () => ({ query: { timeframe: '24h' } }),
  'POST /api/admin/jobs/{queue}/{jobId}/retry': () => ({
    params: { queue: 'send-email', jobId: '0b6f5f0e-4c1d-4a43-9d1e-2f0d8c6b7a51' },
  }),
  'POST /api/admin/ledger-check': () => ({}),
  'POST /api/newsletter-signup': () => ({ body: { email: 'news.walk@example.org' } }),
  'GET /api/contact/form-token': () => ({}),
  'POST /api/contact': () => ({
    body: {
      name: 'Harbor Walk',
      email: 'harbor.walk@example.org',
      subject: 'A question about payouts',
      message: 'When does the first payout go out?',
      formToken: '1700000000000.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      website: '',
      language: 'fr',
    },
  }),
  'GET /api/support/my-tickets': () => ({}),
  'GET /api/operations/support/tickets': () => ({ query: { status: 'open', limit: 25, offset: 0 } }),
  'GET /api/operations/support/tickets/{ticketId}': () => ({ params: { ticketId: '1' } }),
  'POST /api/operations/support/tickets/{ticketId}/assign': () => ({ params: { ticketId: '1' } }),
  'POST /api/operations/support/tickets/{ticketId}/replies': () => ({
    params: { ticketId: '1' },
    body: { body: 'Thank you, the first payout goes out at the end of the first cycle.' },
  }),
  'PUT /api/operations/support/tickets/{ticketId}/status': () => ({
    params: { ticketId: '1' },
    body: { status: 'resolved' },
  }),
  'GET /api/operations/support/metrics': () => ({ query: { period: 'month' } }),
  'POST /api/events': () => ({ body: { name: 'view_pricing' } }),
  'GET /api/operations/funnel': () => ({ query: { period: 'month' } }),
  'GET /api/operations/overview': () => ({ query: { period: 'month' } }),
  'GET /api/operations/financial': () => ({ query: { period: 'quarter' } }),
  'GET /api/operations/compliance': () => ({ query: { period: 'week' } }),
  'GET /api/operations/risk': () => ({ query: { period: 'year' } }),
  'GET /api/operations/export.csv': () => ({ query: { period: 'month' } }),
  'GET /api/operations/statement.csv': () => ({ query: { month: '2026-10' } }),
  'POST /api/groups': (ids) => ({
    body: {
      name: 'Harbor susu',
      contributionAmount: '50.00',
      memberLimit: 4,
      createdBy: ids.self,
      frequency: 'monthly',
      contributionDay: 15,
      gracePeriodDays: 3,
      startDate: '2031-01-15',
      timeZone: 'America/New_York',
      rotationMethod: 'join_order',
      requireApproval: false,
      penaltyPercentage: 5,
      autoPayout: false,
    },
  }),
  'GET /api/user/groups': () => ({}),
  'GET /api/groups/invite/{code}': (ids) => ({ params: { code: ids.inviteCode } }),
  'GET /api/groups/{id}': (ids) => ({ params: { id: ids.groupId } }),
  'POST /api/groups/{id}/join': (ids) => ({
    params: { id: ids.groupId },
    body: {
      inviteCode: ids.inviteCode,
      userId: ids.self,
      reason: 'We save together at the market',
      monthlyIncome: '2400',
      creditScore: 700,
      referredBy: 'Ama at the market',
    },
  }),
  'POST /api/groups/{groupId}/contributions': (ids) => ({
    params: { groupId: ids.groupId },
    body: { method: 'bank_transfer', reference: 'Transfer 2291' },
  }),
  'POST /api/groups/{groupId}/contributions/record': (ids) => ({
    params: { groupId: ids.groupId },
    body: { userId: ids.memberId, cycle: 1, method: 'cash', reference: 'Receipt 12' },
  }),
  'POST /api/contributions/{id}/confirm': (ids) => ({ params: { id: ids.contributionId } }),
  'POST /api/groups/process-payout': (ids) => ({
    body: {
      groupId: ids.groupId,
      cycleNumber: 1,
      delivery: 'off_app',
      method: 'cash',
      reference: 'Handed over',
    },
  }),
  'POST /api/payouts/{id}/receipt': (ids) => ({
    params: { id: ids.payoutId },
    body: { receivedAmount: '290.00', note: 'Counted at home' },
  }),
  'POST /api/groups/{groupId}/freeze': (ids) => ({
    params: { groupId: ids.groupId },
    body: { reason: 'A payment is being looked into' },
  }),
  'POST /api/groups/{groupId}/unfreeze': (ids) => ({ params: { groupId: ids.groupId } }),
  'POST /api/contributions/{id}/penalty/pay': (ids) => ({
    params: { id: ids.contributionId },
    body: { method: 'cash' },
  }),
  'POST /api/contributions/{id}/penalty/waive': (ids) => ({
    params: { id: ids.contributionId },
    body: { reason: 'Her bus broke down' },
  }),
  'PUT /api/groups/{groupId}/schedule': (ids) => ({
    params: { groupId: ids.groupId },
    body: {
      frequency: 'monthly',
      contributionDay: 15,
      gracePeriod: 3,
      startDate: '2031-01-15',
      endDate: '2031-12-15',
      autoPayoutEnabled: false,
      minimumContributionThreshold: 100,
      reminderDays: 3,
    },
  }),
  'POST /api/groups/adjust-rotation': (ids) => ({
    body: { groupId: ids.groupId, newOrder: [ids.memberId, ids.self] },
  }),
  'GET /api/user/{userId}/dashboard': (ids) => ({ params: { userId: ids.self } }),
  'PUT /api/user/savings-goal': () => ({ body: { target: '5000', monthly: '500' } }),
  'GET /api/notifications': () => ({}),
  'GET /api/events': () => ({}),
  'POST /api/notifications/read-all': () => ({}),
  'POST /api/notifications/{id}/read': (ids) => ({ params: { id: ids.notificationId } }),
  'GET /api/user/history': (ids) => ({ query: { type: 'all', groupId: ids.groupId } }),
  'GET /api/user/{userId}/contributions': (ids) => ({
    params: { userId: ids.self },
    query: { search: 'susu', status: 'all', page: 1, pageSize: 20 },
  }),
  'GET /api/user/analytics': () => ({}),
  'GET /api/user/analytics/report.csv': () => ({}),
  'GET /api/user/analytics/statement.csv': () => ({ query: { from: '2026-01-01', to: '2026-06-30' } }),
  'GET /api/user/report-schedules': () => ({}),
  'PUT /api/user/report-schedules/{kind}': () => ({
    params: { kind: 'monthly_statement' },
    body: { active: true },
  }),
  'GET /api/groups/{id}/applications': (ids) => ({ params: { id: ids.approvalGroupId } }),
  'GET /api/applications/mine': () => ({}),
  'GET /api/groups/{id}/management-summary': (ids) => ({ params: { id: ids.groupId } }),
  'GET /api/groups/{id}/statement': (ids) => ({ params: { id: ids.groupId } }),
  'GET /api/groups/{id}/statement.csv': (ids) => ({ params: { id: ids.groupId } }),
  'GET /api/groups/{id}/settings': (ids) => ({ params: { id: ids.groupId } }),
  'PUT /api/groups/{id}/settings': (ids) => ({
    params: { id: ids.groupId },
    body: typicalGroupSettings,
  }),
  'GET /api/groups/{id}/rules': (ids) => ({ params: { id: ids.groupId } }),
  'POST /api/groups/{id}/rules': (ids) => ({
    params: { id: ids.groupId },
    body: { title: 'Respectful communication', description: 'We speak kindly to each other.' },
  }),
  'PUT /api/groups/{id}/rules/{ruleId}': (ids) => ({
    params: { id: ids.groupId, ruleId: 1 },
    body: { title: 'Respectful communication', description: 'We speak kindly.', active: false },
  }),
  'DELETE /api/groups/{id}/rules/{ruleId}': (ids) => ({ params: { id: ids.groupId, ruleId: 1 } }),
  'POST /api/applications/{id}/approve': (ids) => ({ params: { id: ids.applicationId } }),
  'POST /api/applications/{id}/reject': (ids) => ({
    params: { id: ids.applicationId },
    body: { reason: 'The circle is for the market stall holders' },
  }),
  'POST /api/applications/{id}/withdraw': (ids) => ({ params: { id: ids.applicationId } }),
  'POST /api/groups/{id}/invite': (ids) => ({
    params: { id: ids.groupId },
    body: { email: 'harbor.friend@example.org' },
  }),
  'GET /api/groups/{id}/invitations': (ids) => ({ params: { id: ids.groupId } }),
  'POST /api/groups/{id}/invitations/{invitationId}/resend': (ids) => ({
    params: { id: ids.groupId, invitationId: ids.invitationId },
  }),
  'DELETE /api/groups/{id}/invitations/{invitationId}': (ids) => ({
    params: { id: ids.groupId, invitationId: ids.invitationId },
  }),
  // A token names nothing unless it came in the email to the caller's own address.
  'GET /api/invitations/{token}': () => ({
    params: { token: 'w9xq3FZQkq2l8yZ0b4dA1cE7rT5uV6iO3pL2kJ1hG0f' },
  }),
  'POST /api/invitations/{token}/accept': () => ({
    params: { token: 'w9xq3FZQkq2l8yZ0b4dA1cE7rT5uV6iO3pL2kJ1hG0f' },
    body: {
      reason: 'Ana from the market invited me',
      monthlyIncome: '3200',
      creditScore: 700,
      referredBy: 'Ana',
    },
  }),
  'GET /api/payments/provider': () => ({}),
  'GET /api/user-bank-accounts': () => ({}),
  'POST /api/create-financial-connections-session': () => ({}),
  'GET /api/bank-link-sessions/{sessionId}': (ids) => ({ params: { sessionId: ids.bankLinkSession } }),
  'POST /api/complete-bank-connection': (ids) => ({
    body: { sessionId: ids.bankLinkSession, account: bankDetails },
  }),
  'POST /api/bank-accounts/{id}/verify': (ids) => ({
    params: { id: ids.bankAccountId },
    body: { amounts: ['0.32', '0.45'] },
  }),
  'DELETE /api/bank-accounts/{id}': (ids) => ({ params: { id: ids.bankAccountId } }),
  'GET /api/payments/payout-readiness': () => ({}),
  'POST /api/payments/payout-onboarding': () => ({}),
  'GET /api/sandbox/identity-sessions/{session}': (ids) => ({ params: { session: ids.identitySession } }),
  'POST /api/sandbox/identity-sessions/{session}/submit': (ids) => ({
    params: { session: ids.identitySession },
    body: {
      legalName: 'Ana María Torres',
      dateOfBirth: '1990-04-12',
      documentType: 'passport',
      documentNumber: 'PASS0000',
    },
  }),
  'GET /api/wallet': () => ({}),
  'GET /api/withdrawals': () => ({}),
  'POST /api/withdrawals/request': (ids) => ({
    body: {
      userId: ids.self,
      method: 'wire',
      amount: '25.00',
      recipientInfo: 'Harbor Credit Union, account 000123456789',
      bankAccountId: ids.bankAccountId,
    },
  }),
  'GET /api/verification': () => ({}),
  'POST /api/stripe/identity-verification': (ids) => ({ body: { userId: ids.self } }),
  'POST /api/verification/phone': (ids) => ({
    body: { userId: ids.self, phoneNumber: '+1 415 555 0123', code: '123456' },
  }),
  'POST /api/verification/address': (ids) => ({
    body: {
      userId: ids.self,
      line1: '12 Harbor Street',
      line2: 'Apartment 4',
      city: 'Oakland',
      region: 'CA',
      postalCode: '94607',
      country: 'US',
    },
  }),
  'POST /api/verification/address/confirm': (ids) => ({ body: { userId: ids.self, code: '123456' } }),
  'POST /api/stripe/enhanced-bank-verification': (ids) => ({ body: { userId: ids.self } }),
  'GET /api/groups/{groupId}/verification': (ids) => ({ params: { groupId: ids.groupId } }),
  'GET /api/groups/{id}/reputation': (ids) => ({ params: { id: ids.groupId } }),
  'PUT /api/groups/{id}/ratings/{userId}': (ids) => ({
    params: { id: ids.groupId, userId: ids.memberId },
    body: { stars: 4, comment: 'Always pays before the market opens' },
  }),
  'POST /api/groups/{id}/members/{userId}/warnings': (ids) => ({
    params: { id: ids.groupId, userId: ids.memberId },
    body: { reason: 'Two payments missed this season' },
  }),
  'POST /api/groups/{groupId}/contributions/bank-debit': (ids) => ({
    params: { groupId: ids.groupId },
    body: { cycle: 1, bankAccountId: ids.bankAccountId },
  }),
  'GET /api/groups/{groupId}/bank-debits': (ids) => ({ params: { groupId: ids.groupId } }),
  'GET /api/groups/{groupId}/payment-schedules': (ids) => ({ params: { groupId: ids.groupId } }),
  'POST /api/groups/{groupId}/members/{userId}/setup-auto-payments': (ids) => ({
    params: { groupId: ids.groupId, userId: ids.self },
    body: { paymentMethodId: ids.bankAccountId },
  }),
  'POST /api/groups/{groupId}/members/{userId}/cancel-auto-payments': (ids) => ({
    params: { groupId: ids.groupId, userId: ids.self },
  }),
  'GET /api/groups/{groupId}/members': (ids) => ({ params: { groupId: ids.groupId } }),
  'PUT /api/groups/{groupId}/members/{userId}/role': (ids) => ({
    params: { groupId: ids.groupId, userId: ids.memberId },
    body: { role: 'admin' },
  }),
  'GET /api/groups/{groupId}/ownership-transfer': (ids) => ({ params: { groupId: ids.groupId } }),
  'POST /api/groups/{groupId}/ownership-transfer': (ids) => ({
    params: { groupId: ids.groupId },
    body: { toUserId: ids.memberId },
  }),
  'POST /api/groups/{groupId}/ownership-transfer/accept': (ids) => ({ params: { groupId: ids.groupId } }),
  'POST /api/groups/{groupId}/ownership-transfer/decline': (ids) => ({ params: { groupId: ids.groupId } }),
  'DELETE /api/groups/{groupId}/ownership-transfer': (ids) => ({ params: { groupId: ids.groupId } }),
  'PUT /api/groups/{groupId}/collection-settings': (ids) => ({
    params: { groupId: ids.groupId },
    body: { retryAttempts: 3 },
  }),
  'GET /api/groups/{groupId}/escrow': (ids) => ({ params: { groupId: ids.groupId } }),
  'GET /api/escrow/{escrowId}/transactions': (ids) => ({ params: { escrowId: ids.escrowId } }),
  'POST /api/escrow/release': (ids) => ({ body: { escrowId: ids.escrowId, authorizedBy: ids.self } }),
  'POST /api/escrow/{escrowId}/disputes': (ids) => ({
    params: { escrowId: ids.escrowId },
    body: { reason: 'My payment is not counted' },
  }),
  'POST /api/escrow/disputes/{disputeId}/resolve': (ids) => ({
    params: { disputeId: ids.disputeId },
    body: { resolution: 'Found in the bank statement' },
  }),
  'GET /api/groups/{groupId}/safeguards': (ids) => ({ params: { groupId: ids.groupId } }),
  'PUT /api/groups/{groupId}/safeguards/{ruleId}': (ids) => ({
    params: { groupId: ids.groupId, ruleId: 'time_lock' },
    body: { enabled: true, configuration: { hours: 24 } },
  }),
  'GET /api/groups/{groupId}/actions': (ids) => ({ params: { groupId: ids.groupId } }),
  'POST /api/groups/{groupId}/actions/{actionId}/approve': (ids) => ({
    params: { groupId: ids.groupId, actionId: ids.actionId },
    body: { userId: ids.self },
  }),
  'GET /api/groups/{groupId}/payment-monitoring': (ids) => ({ params: { groupId: ids.groupId } }),
  'POST /api/groups/{groupId}/members/{userId}/remind': (ids) => ({
    params: { groupId: ids.groupId, userId: ids.memberId },
  }),
  'GET /api/groups/{groupId}/members/{userId}/removal-preview': (ids) => ({
    params: { groupId: ids.groupId, userId: ids.memberId },
  }),
  'DELETE /api/groups/{groupId}/members/{userId}': (ids) => ({
    params: { groupId: ids.groupId, userId: ids.memberId },
  }),
  'POST /api/groups/{id}/leave': (ids) => ({ params: { id: ids.groupId } }),
  'GET /api/debts/mine': () => ({}),
  'POST /api/debts/{id}/pay': () => ({ params: { id: 1 } }),
  'POST /api/contributions/{id}/penalty/apply': (ids) => ({ params: { id: ids.contributionId } }),
  'GET /api/groups/{groupId}/messages': (ids) => ({
    params: { groupId: ids.groupId },
    query: { before: ids.messageId, limit: 20, pinned: 'false' },
  }),
  'POST /api/groups/{groupId}/messages': (ids) => ({
    params: { groupId: ids.groupId },
    body: { userId: ids.self, message: 'See you at the market on Saturday', messageType: 'text' },
  }),
  'DELETE /api/groups/{groupId}/messages/{messageId}': (ids) => ({
    params: { groupId: ids.groupId, messageId: ids.messageId },
  }),
  'POST /api/groups/{groupId}/messages/{messageId}/pin': (ids) => ({
    params: { groupId: ids.groupId, messageId: ids.messageId },
  }),
  'POST /api/groups/{groupId}/messages/{messageId}/unpin': (ids) => ({
    params: { groupId: ids.groupId, messageId: ids.messageId },
  }),
  'POST /api/groups/{groupId}/messages/{messageId}/approve': (ids) => ({
    params: { groupId: ids.groupId, messageId: ids.messageId },
  }),
  'POST /api/groups/{groupId}/messages/{messageId}/report': (ids) => ({
    params: { groupId: ids.groupId, messageId: ids.messageId },
    body: { reason: 'This asks members for their bank passwords' },
  }),
  'POST /api/groups/{groupId}/messages/read': (ids) => ({
    params: { groupId: ids.groupId },
    body: { lastReadMessageId: ids.messageId },
  }),
  'GET /api/chat/unread': () => ({}),
  'GET /api/groups/{groupId}/announcements': (ids) => ({ params: { groupId: ids.groupId } }),
  'POST /api/groups/{groupId}/announcements': (ids) => ({
    params: { groupId: ids.groupId },
    body: {
      createdBy: ids.self,
      title: 'Meeting moved to Sunday',
      content: 'We meet at the community hall at 4 pm.',
      priority: 'high',
      audience: 'all',
    },
  }),
  'GET /api/groups/{groupId}/communication-settings': (ids) => ({ params: { groupId: ids.groupId } }),
  'PUT /api/groups/{groupId}/communication-settings': (ids) => ({
    params: { groupId: ids.groupId },
    body: {
      membersCanMessage: true,
      adminOnlyAnnouncements: true,
      autoWarnings: true,
      requireApproval: false,
    },
  }),
  'GET /api/calendar/{token}.ics': () => ({ params: { token: 'a'.repeat(43) } }),
  'GET /api/calendar/feed': () => ({}),
  'POST /api/calendar/feed': () => ({}),
  'DELETE /api/calendar/feed': () => ({}),
  'GET /api/account/export': () => ({}),
  'GET /api/account/export.csv': () => ({}),
  // Not the walks' password: an example must never delete the account that walks the routes.
  'POST /api/account/delete': () => ({ body: { password: 'not-the-password-0000' } }),
};
