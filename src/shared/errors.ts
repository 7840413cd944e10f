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
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts. Please wait and try again.' },
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
