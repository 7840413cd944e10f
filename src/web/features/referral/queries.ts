import { queryOptions } from '@tanstack/react-query';
import type { ReferralProgramReply, ReferralsReply } from '#shared/schemas/referrals.ts';
import { apiRequest } from '#web/lib/api.ts';

export const referralQueries = {
  overview: () =>
    queryOptions({
      queryKey: ['referrals'] as const,
      queryFn: () => apiRequest<ReferralsReply>('GET', '/api/referrals'),
    }),
};

/** The link a referral is shared as: the site's origin with the code (spec 001 §2.7). */
export const referralLink = (code: string) => `${window.location.origin}/?ref=${encodeURIComponent(code)}`;

/** Operators only: pause or resume the program's rewards. */
export const setProgramPaused = (paused: boolean) =>
  apiRequest<ReferralProgramReply>('PUT', '/api/admin/referral-program', { paused });
