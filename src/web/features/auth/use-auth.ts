import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LANGUAGE_CODES } from '#shared/languages.ts';
import type { LoginInput, LoginResponse, PublicUser, RegisterInput } from '#shared/schemas/auth.ts';
import type { SuccessReply } from '#shared/schemas/replies.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { forgetReferralCode, storedReferralCode } from '#web/lib/referral-code.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
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
  const errorText = useErrorText();
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<LoginResponse>('POST', '/api/auth/login', input),
    onSuccess: (reply) => {
      signedIn(reply);
      toast({
        title: t('toast.welcomeBack'),
        description: t('toast.welcomeBackBody', { name: reply.user.fullName }),
      });
    },
    onError: (error) =>
      toast({
        title: t('toast.loginFailed'),
        description: errorText(error, 'auth:toast.loginFailedBody'),
        variant: 'destructive',
      }),
  });
}

const emailLanguageOf = (code: string | undefined) => {
  const base = (code ?? 'en').split('-')[0] as (typeof LANGUAGE_CODES)[number];
  return LANGUAGE_CODES.includes(base) ? base : 'en';
};

export function useRegister() {
  const { t, i18n } = useTranslation('auth');
  const errorText = useErrorText();
  const signedIn = useSignedIn();
  return useMutation({
    // The language the form was shown in becomes the language of the account's emails; a referral
    // link that brought this browser here credits whoever shared it.
    mutationFn: (input: RegisterInput) =>
      apiRequest<LoginResponse>('POST', '/api/auth/register', {
        ...input,
        language: emailLanguageOf(i18n.language),
        referralCode: storedReferralCode(),
      }),
    onSuccess: (reply) => {
      forgetReferralCode();
      signedIn(reply);
      toast({
        title: t('toast.accountCreated'),
        description: t('toast.accountCreatedBody', { name: reply.user.fullName }),
      });
    },
    onError: (error) =>
      toast({
        title: t('toast.registrationFailed'),
        description: errorText(error, 'auth:toast.registrationFailedBody'),
        variant: 'destructive',
      }),
  });
}

export function useLogout() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest<SuccessReply>('POST', '/api/auth/logout'),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(authQueries.user().queryKey, null);
      navigate('/');
    },
  });
}
