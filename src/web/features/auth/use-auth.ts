import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import type { LoginInput, LoginResponse, PublicUser, RegisterInput } from '#shared/schemas/auth.ts';
import type { SuccessReply } from '#shared/schemas/replies.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { forgetReferralCode, storedReferralCode } from '#web/lib/referral-code.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { authQueries } from './queries.ts';

export function useCurrentUser() {
  const query = useQuery(authQueries.user());
  return { user: query.data ?? null, isLoading: query.isPending };
}

/** The name shown for a user: username, then full name, then the word "User". */
export function useDisplayName(user: PublicUser | null): string {
  const { t } = useTranslation();
  return user?.username || user?.fullName || t('user.fallbackName');
}

/**
 * After signing in (or resetting a password): a fresh cache and the dashboard. An invitation link
 * opened while signed out shows the sign-in in its place: signing in (or up) there stays on it.
 */
export function useSignedIn() {
  const [location, navigate] = useLocation();
  return (reply: LoginResponse) => {
    // Whatever was cached belonged to the previous visitor.
    queryClient.clear();
    queryClient.setQueryData(authQueries.user().queryKey, reply.user);
    if (!location.startsWith('/invitations/')) navigate('/dashboard');
  };
}

export function useLogin() {
  const { t } = useTranslation('auth');
  const signedIn = useSignedIn();
  return useActionMutation({
    mutationFn: (input: LoginInput) => apiRequest<LoginResponse>('POST', '/api/auth/login', input),
    success: (reply) => ({
      title: t('toast.welcomeBack'),
      description: t('toast.welcomeBackBody', { name: reply.user.fullName }),
    }),
    onSuccess: signedIn,
    failure: { title: t('toast.loginFailed'), fallbackKey: 'auth:toast.loginFailedBody' },
  });
}

const emailLanguageOf = (code: string | undefined) => {
  const base = (code ?? 'en').split('-')[0] as (typeof LANGUAGE_CODES)[number];
  return LANGUAGE_CODES.includes(base) ? base : 'en';
};

export function useRegister() {
  const { t, i18n } = useTranslation('auth');
  const signedIn = useSignedIn();
  return useActionMutation({
    // The language the form was shown in becomes the language of the account's emails; a referral
    // link that brought this browser here credits whoever shared it.
    mutationFn: (input: RegisterInput) =>
      apiRequest<LoginResponse>('POST', '/api/auth/register', {
        ...input,
        language: emailLanguageOf(i18n.language),
        referralCode: storedReferralCode(),
      }),
    success: (reply) => ({
      title: t('toast.accountCreated'),
      description: t('toast.accountCreatedBody', { name: reply.user.fullName }),
    }),
    onSuccess: (reply) => {
      forgetReferralCode();
      signedIn(reply);
    },
    failure: { title: t('toast.registrationFailed'), fallbackKey: 'auth:toast.registrationFailedBody' },
  });
}

export function useLogout() {
  const [, navigate] = useLocation();
  return useActionMutation({
    mutationFn: () => apiRequest<SuccessReply>('POST', '/api/auth/logout'),
    // Signed out either way: the session is dropped in this browser and the landing page shows.
    success: { shownOnScreen: 'the landing page, signed out' },
    failure: { shownOnScreen: 'the landing page, signed out' },
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(authQueries.user().queryKey, null);
      navigate('/');
    },
  });
}
