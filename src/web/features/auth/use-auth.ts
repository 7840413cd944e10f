import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { LoginInput, LoginResponse, PublicUser, RegisterInput } from '#shared/schemas/auth.ts';
import type { SuccessReply } from '#shared/schemas/replies.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
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

function useSignedIn() {
  const [, navigate] = useLocation();
  return (reply: LoginResponse) => {
    // Whatever was cached belonged to the previous visitor.
    queryClient.clear();
    queryClient.setQueryData(authQueries.user().queryKey, reply.user);
    navigate('/dashboard');
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

export function useRegister() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<LoginResponse>('POST', '/api/auth/register', input),
    onSuccess: (reply) => {
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
