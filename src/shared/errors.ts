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
  USERNAME_TAKEN: { status: 409, message: 'This username is already taken' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists' },
  INSUFFICIENT_FUNDS: { status: 409, message: 'Insufficient funds' },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    message: 'This request key was already used for a different request',
  },
  TRANSFER_ALREADY_REVERSED: { status: 409, message: 'This transfer has already been reversed' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  GROUP_NOT_FOUND: { status: 404, message: 'Group not found' },
  INVITE_NOT_FOUND: {
    status: 404,
    message: 'No group found with this invite code. Please check the code and try again.',
  },
  GROUP_FULL: { status: 409, message: 'This group is full and no longer accepting members.' },
  ALREADY_MEMBER: { status: 409, message: 'You are already a member of this group' },
  APPROVAL_REQUIRED: { status: 409, message: 'This group reviews new members: send a request to join' },
  NOT_GROUP_MEMBER: { status: 403, message: 'You are not a member of this group' },
  NOT_GROUP_ADMIN: { status: 403, message: "Only the group's admins can do this" },
  GROUP_NOT_ACTIVE: { status: 409, message: 'This group is not collecting contributions right now' },
  CONTRIBUTION_NOT_FOUND: { status: 404, message: 'Contribution not found' },
  ALREADY_PAID: { status: 409, message: 'This contribution has already been paid' },
  PAYOUT_NOT_READY: { status: 409, message: 'Not enough has been collected yet to pay out this cycle' },
  CYCLE_ALREADY_PAID_OUT: { status: 409, message: 'This cycle has already been paid out' },
  WRONG_CYCLE: { status: 409, message: 'This is not the cycle being collected' },
  NO_PENALTY_OWED: { status: 409, message: 'No penalty is owed on this contribution' },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'The same request is still being processed. Try again in a moment.',
  },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is busy. Please try again shortly.' },
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
