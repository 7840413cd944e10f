import type { ForgotPasswordInput, LoginResponse } from '#shared/schemas/auth.ts';
import type { SuccessReply } from '#shared/schemas/replies.ts';
import { apiRequest } from '#web/lib/api.ts';

/** The calls behind the pages emailed links open, and the banner's "Resend". */
export const accountLinkRequests = {
  forgotPassword: (input: ForgotPasswordInput) =>
    apiRequest<SuccessReply>('POST', '/api/auth/forgot-password', input),
  resetPassword: (token: string, password: string) =>
    apiRequest<LoginResponse>('POST', '/api/auth/reset-password', { token, password }),
  verifyEmail: (token: string) => apiRequest<SuccessReply>('POST', '/api/auth/verify-email', { token }),
  resendVerification: () => apiRequest<SuccessReply>('POST', '/api/auth/resend-verification'),
};
