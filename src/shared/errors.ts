/** Error codes the API answers with, their HTTP status and English message. */
export const errorCatalog = {
  VALIDATION_ERROR: { status: 400, message: 'Invalid input' },
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'This password is too common. Please choose one that is harder to guess.',
  },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid username or password' },
  UNAUTHORIZED: { status: 401, message: 'Please sign in to continue' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  CROSS_SITE_REQUEST: { status: 403, message: 'Cross-site requests are not allowed' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'Your current password is not correct' },
  SESSION_NOT_FOUND: { status: 404, message: 'This device is not signed in any more' },
  USERNAME_TAKEN: { status: 409, message: 'This username is already taken' },
  LINK_INVALID: {
    status: 400,
    message: 'This link is not valid. Check that you copied all of it, or ask for a new one.',
  },
  LINK_EXPIRED: { status: 410, message: 'This link has expired. Ask for a new one.' },
  LINK_USED: { status: 410, message: 'This link has already been used. Ask for a new one if you need it.' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'Your email address is already confirmed' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists' },
  INSUFFICIENT_FUNDS: { status: 409, message: 'Insufficient funds' },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    message: 'This request key was already used for a different request',
  },
  TRANSFER_ALREADY_REVERSED: { status: 409, message: 'This transfer has already been reversed' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON' },
  CONTACT_FORM_REFUSED: {
    status: 400,
    message: 'We could not send your message. Please wait a few seconds and send it again.',
  },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  TOO_MANY_READS: {
    status: 429,
    message: 'You are opening pages faster than we can serve them. Please wait a moment and try again.',
  },
  GROUP_NOT_FOUND: { status: 404, message: 'Group not found' },
  INVITE_NOT_FOUND: {
    status: 404,
    message: 'No group found with this invite code. Please check the code and try again.',
  },
  GROUP_FULL: { status: 409, message: 'This group is full and no longer accepting members.' },
  ALREADY_MEMBER: { status: 409, message: 'You are already a member of this group' },
  INVITE_GROUP_NOT_RECRUITING: {
    status: 409,
    message: 'This circle has already started or ended and takes no new members, so no one can be invited.',
  },
  INVITE_GROUP_FULL: {
    status: 409,
    message: 'Every seat in this circle is taken, so no one can be invited.',
  },
  INVITEE_ALREADY_MEMBER: {
    status: 409,
    message: 'The person with this email address is already a member of this circle.',
  },
  INVITATION_ALREADY_PENDING: {
    status: 409,
    message: 'An invitation to this email address is already waiting. Resend it if it got lost.',
  },
  INVITATION_NOT_FOUND: {
    status: 404,
    message:
      'This invitation is not valid any more: it was used, withdrawn or has expired. Ask the circle’s admin for a new one.',
  },
  INVITATION_NOT_PENDING: {
    status: 409,
    message: 'This invitation is closed: it was accepted, withdrawn or replaced by a newer one.',
  },
  INVITATION_OTHER_EMAIL: {
    status: 403,
    message:
      'This invitation was sent to another email address. Sign in with the account that uses that address.',
  },
  INVITATIONS_TOO_MANY: {
    status: 429,
    message: 'Too many invitations were sent from this circle today. Please try again tomorrow.',
  },
  INVITATION_RESENT_RECENTLY: {
    status: 429,
    message: 'This invitation was sent a moment ago. Please wait a minute before sending it again.',
  },
  APPROVAL_REQUIRED: { status: 409, message: 'This group reviews new members: send a request to join' },
  NOT_GROUP_ADMIN: { status: 403, message: "Only the group's admins can do this" },
  GROUP_NOT_ACTIVE: { status: 409, message: 'This group is not collecting contributions right now' },
  CONTRIBUTION_NOT_FOUND: { status: 404, message: 'Contribution not found' },
  ALREADY_PAID: { status: 409, message: 'This contribution has already been paid' },
  PAYOUT_NOT_READY: { status: 409, message: 'Not enough has been collected yet to pay out this cycle' },
  CYCLE_ALREADY_PAID_OUT: { status: 409, message: 'This cycle has already been paid out' },
  WRONG_CYCLE: { status: 409, message: 'This is not the cycle being collected' },
  NO_PENALTY_OWED: { status: 409, message: 'No penalty is owed on this contribution' },
  WITHDRAWAL_AMOUNT_OUT_OF_RANGE: { status: 400, message: 'Amount is outside this method’s limits' },
  BANK_ACCOUNT_REQUIRED: {
    status: 409,
    message: 'Connect and verify a bank account before withdrawing to a bank (bank or instant transfer)',
  },
  WITHDRAWAL_NOT_FOUND: { status: 404, message: 'Withdrawal not found' },
  GROUP_FROZEN: {
    status: 409,
    message: 'This circle is frozen: no money is released until an admin unfreezes it',
  },
  GROUP_NOT_FROZEN: { status: 409, message: 'This circle is not frozen' },
  PAYOUT_NOT_FOUND: { status: 404, message: 'Payout not found' },
  NOT_PAYOUT_RECIPIENT: { status: 403, message: 'Only the recipient of this payout can confirm it' },
  RECEIPT_NOT_AWAITED: { status: 409, message: 'This payout does not wait for a receipt confirmation' },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'The same request is still being processed. Try again in a moment.',
  },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is busy. Please try again shortly.' },
  APPLICATION_REASON_REQUIRED: {
    status: 400,
    message: 'This group reviews new members: please tell the admins why you want to join',
  },
  APPLICATION_PENDING: {
    status: 409,
    message: 'You already have a request to join this group waiting for review',
  },
  APPLICATION_NOT_FOUND: { status: 404, message: 'Request to join not found' },
  APPLICATION_ALREADY_DECIDED: {
    status: 409,
    message: 'This request to join has already been approved, rejected or withdrawn',
  },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notification not found' },
  BANK_LINK_SESSION_NOT_FOUND: { status: 404, message: 'Bank connection session not found' },
  BANK_LINK_SESSION_EXPIRED: {
    status: 410,
    message: 'This bank connection session has expired. Please start again.',
  },
  BANK_LINK_SESSION_USED: { status: 409, message: 'This bank connection session has already been used' },
  BANK_LINK_DECLINED: {
    status: 422,
    message: 'The bank declined the connection to this account. Please try another account.',
  },
  BANK_ACCOUNT_DUPLICATE: { status: 409, message: 'This bank account is already connected' },
  BANK_ACCOUNT_NOT_FOUND: { status: 404, message: 'Bank account not found' },
  BANK_ACCOUNT_ALREADY_VERIFIED: { status: 409, message: 'This bank account is already verified' },
  MICRO_DEPOSITS_MISMATCH: {
    status: 422,
    message: "Those amounts don't match the two deposits. Check your statement and try again.",
  },
  MICRO_DEPOSITS_LOCKED: {
    status: 423,
    message:
      'Verification is locked after 3 wrong attempts. Remove this account and connect it again to get new deposits.',
  },
  NO_BANK_ACCOUNT: {
    status: 409,
    message: 'No bank account connected. Please connect a bank account first.',
  },
  BANK_ACCOUNT_NOT_VERIFIED: {
    status: 409,
    message: 'Verify this bank account with its two micro-deposits first',
  },
  DEBIT_IN_PROGRESS: { status: 409, message: 'A bank payment for this contribution is already on its way' },
  PENALTY_NOT_YOURS: { status: 403, message: 'You can only pay your own penalty from your wallet' },
  AUTOPAY_NOT_YOURS: { status: 403, message: 'You can only set up or cancel your own automatic payments' },
  AUTOPAY_NOT_ACTIVE: { status: 409, message: 'Automatic payments are not on for you in this group' },
  BANK_ACCOUNT_IN_USE: {
    status: 409,
    message: 'This account pays contributions automatically. Turn off auto-pay first.',
  },
  ESCROW_NOT_FOUND: { status: 404, message: 'Escrow not found' },
  ESCROW_NOT_READY: { status: 409, message: 'This escrow is not ready for release yet' },
  ESCROW_DISPUTED: {
    status: 409,
    message: 'A member has disputed this escrow: it cannot be released until the dispute is resolved',
  },
  ESCROW_TIME_LOCKED: { status: 409, message: 'The time lock holds this escrow for a while longer' },
  DISPUTE_NOT_FOUND: { status: 404, message: 'Dispute not found' },
  DISPUTE_ALREADY_RESOLVED: { status: 409, message: 'This dispute has already been resolved' },
  DISPUTE_ALREADY_OPEN: { status: 409, message: 'You already have an open dispute on this escrow' },
  NOT_DISPUTE_PARTY: {
    status: 403,
    message: 'Only the member who opened this dispute or an admin can resolve it',
  },
  SAFEGUARD_NOT_FOUND: { status: 404, message: 'Safeguard not found' },
  ACTION_NOT_FOUND: { status: 404, message: 'Pending action not found' },
  ACTION_NOT_PENDING: { status: 409, message: 'This action is no longer waiting for approval' },
  OWN_ACTION: { status: 403, message: 'You cannot approve your own request' },
  ALREADY_APPROVED: { status: 409, message: 'You have already approved this action' },
  ACTION_ALREADY_PENDING: { status: 409, message: 'The same request is already waiting for approval' },
  NOT_AN_APPROVER: { status: 403, message: 'You cannot approve this request' },
  MEMBER_NOT_FOUND: { status: 404, message: 'This person is not a member of the group' },
  CANNOT_REMOVE_SELF: { status: 409, message: 'You cannot remove yourself; use Leave instead' },
  OWNER_CANNOT_LEAVE: {
    status: 409,
    message: 'The owner cannot leave or be removed; transfer ownership first',
  },
  ONLY_OWNER_REMOVES_ADMIN: { status: 403, message: 'Only the owner can remove a co-admin' },
  GROUP_COMPLETED: { status: 409, message: 'This circle has completed; nobody leaves it any more' },
  REMOVAL_WAITS_FOR_DEBIT: {
    status: 409,
    message: 'A bank payment of this member is still on its way; try again once it settles',
  },
  DEBT_NOT_FOUND: { status: 404, message: 'Debt not found' },
  DEBT_SETTLED: { status: 409, message: 'This debt has already been paid' },
  CUSTODY_WALLET_ONLY: {
    status: 409,
    message: 'Third-party custody is on: the pool can only be released into the recipient’s wallet',
  },
  WITHDRAWAL_OVER_LIMIT: {
    status: 409,
    message: 'This withdrawal is over a transaction limit set by one of your circles',
  },
  REMINDER_TOO_SOON: { status: 429, message: 'A reminder for this payment went out less than a day ago' },
  NOTHING_TO_REMIND: { status: 409, message: 'This member has nothing to pay right now' },
  PENALTY_NOT_OVERDUE: { status: 409, message: 'A penalty can only be applied to an overdue contribution' },
  PENALTY_ALREADY_CHARGED: {
    status: 409,
    message: 'A penalty has already been charged on this contribution',
  },
  VERIFICATION_CODE_INVALID: {
    status: 422,
    message: 'That code is not right. Check the message and try again.',
  },
  VERIFICATION_CODE_EXPIRED: {
    status: 410,
    message: 'This code has expired or was tried too many times. Ask for a new one.',
  },
  NO_CODE_SENT: { status: 409, message: 'Ask for a code first' },
  ALREADY_VERIFIED: { status: 409, message: 'This is already verified' },
  VERIFICATION_SESSION_NOT_FOUND: { status: 404, message: 'Verification session not found' },
  VERIFICATION_SESSION_USED: {
    status: 409,
    message: 'This verification session has already received documents. Start a new one from SaveCircle.',
  },
  PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The payment processor could not be reached. Please try again.',
  },
  METHOD_UNAVAILABLE: {
    status: 409,
    message: 'This method is not available with the current payment processor',
  },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'Invalid webhook signature' },
  CONTRIBUTION_REPORTED: {
    status: 409,
    message: 'You reported paying this contribution outside the app; an admin will confirm it',
  },
  MESSAGING_RESTRICTED: { status: 403, message: 'Messaging is currently restricted to administrators only.' },
  MESSAGE_RATE_LIMITED: {
    status: 429,
    message: 'You are sending messages too quickly. Please wait a minute and try again.',
  },
  MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found' },
  NOT_MESSAGE_AUTHOR: {
    status: 403,
    message: 'Only the person who wrote this message or an admin can delete it',
  },
  MESSAGE_NOT_PINNABLE: {
    status: 409,
    message: 'Warnings and messages waiting for approval cannot be pinned',
  },
  MESSAGE_NOT_AWAITING_APPROVAL: { status: 409, message: 'This message is not waiting for approval' },
  MESSAGE_ALREADY_REPORTED: { status: 409, message: 'You have already reported this message' },
  MESSAGE_NOT_REPORTABLE: { status: 409, message: 'You can only report messages written by other members' },
  ANNOUNCEMENTS_ADMIN_ONLY: {
    status: 403,
    message: "Only the group's admins can post announcements in this circle",
  },
  ANNOUNCEMENT_AUDIENCE_ADMIN_ONLY: {
    status: 403,
    message: 'Only admins can send an announcement to late or active members; members post to everyone',
  },
  CANNOT_RATE_SELF: { status: 400, message: 'You cannot rate yourself' },
  CANNOT_WARN_SELF: { status: 400, message: 'You cannot warn yourself' },
  PEER_RATING_DISABLED: { status: 409, message: 'Peer rating is turned off in this circle' },
  ACCOUNT_DELETION_BLOCKED: {
    status: 409,
    message: 'Your account cannot be deleted yet. Each reason is listed below.',
  },
  NOT_GROUP_OWNER: { status: 403, message: "Only the circle's owner can do this" },
  CANNOT_CHANGE_OWN_ROLE: { status: 409, message: 'You cannot change your own role' },
  OWNERSHIP_TRANSFER_TO_SELF: { status: 409, message: 'You already own this circle' },
  OWNERSHIP_TRANSFER_OPEN: {
    status: 409,
    message: 'An ownership transfer is already waiting for an answer. Cancel it first.',
  },
  OWNERSHIP_TRANSFER_NOT_FOUND: { status: 404, message: 'There is no open ownership transfer' },
  EMERGENCY_FUND_LOCKED: {
    status: 409,
    message:
      'The emergency fund can only be changed while the circle is recruiting: a setting that changes money flow never applies to cycles already started',
  },
  GROUP_RULE_NOT_FOUND: { status: 404, message: 'Rule not found' },
  GROUP_RULES_LIMIT: { status: 409, message: 'A circle can have at most 20 rules' },
  FAILED_JOB_NOT_FOUND: {
    status: 404,
    message: 'No failed job with this id in this queue: it may have been retried already',
  },
} as const;

export type ErrorCode = keyof typeof errorCatalog;

export type ApiErrorBody = {
  success: false;
  code: ErrorCode;
  message: string;
  /** Same text as `message`; the spec's client reads `error` on auth replies. */
  error: string;
  /** `key` names the validation message (see messages.ts) for translated display. */
  issues?: { path: string; message: string; key: string }[];
};
