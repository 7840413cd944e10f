import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type {
  EnhancedBankVerificationReply,
  IdentityVerificationReply,
  PhoneCodeSentReply,
  PostalAddress,
} from '#shared/schemas/verification.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { refreshVerification } from './queries.ts';

/** "Verify identity": the provider's page opens in a new tab (opened at the click, so no pop-up blocker stops it). */
export function useStartIdentity() {
  const { t } = useTranslation('verification');
  const mutation = useMutation({
    mutationFn: () => apiRequest<IdentityVerificationReply>('POST', '/api/stripe/identity-verification', {}),
    onSettled: () => refreshVerification(),
  });
  const start = () => {
    const tab = window.open('', '_blank');
    mutation.mutate(undefined, {
      onSuccess: ({ verificationUrl }) => {
        const url = new URL(verificationUrl, window.location.origin).href;
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.location.assign(url);
        toast({ title: t('toast.identityStarted'), description: t('toast.identityStartedBody') });
      },
      onError: () => {
        tab?.close();
        toast({
          title: t('toast.identityFailed'),
          description: t('toast.identityFailedBody'),
          variant: 'destructive',
        });
      },
    });
  };
  return { start, isPending: mutation.isPending };
}

export function useSendPhoneCode(onSent: (maskedNumber: string) => void) {
  const { t } = useTranslation('verification');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      apiRequest<PhoneCodeSentReply>('POST', '/api/verification/phone', { phoneNumber }),
    onSuccess: (reply) => {
      onSent(reply.phoneNumber);
      toast({ title: t('toast.codeSent'), description: t('toast.codeSentBody') });
    },
    onError: (error) =>
      toast({
        title: t('toast.smsFailed'),
        description: errorText(error, 'verification:toast.smsFailedBody'),
        variant: 'destructive',
      }),
    onSettled: () => refreshVerification(),
  });
}

/** Checking a code: a wrong one is shown in place (with the reason), a right one as a toast. */
export function useConfirmCode<T>(url: string, successTitle: string) {
  return useMutation({
    mutationFn: (body: T) => apiRequest('POST', url, body),
    onSuccess: () => toast({ title: successTitle }),
    // Wrong tries count on the server: the statuses may have moved either way.
    onSettled: () => refreshVerification(),
  });
}

export function useSendLetter(onSent: () => void) {
  const { t } = useTranslation('verification');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (address: PostalAddress) => apiRequest('POST', '/api/verification/address', address),
    onSuccess: () => {
      onSent();
      toast({ title: t('toast.letterSent'), description: t('toast.letterSentBody') });
    },
    onError: (error) =>
      toast({
        title: t('toast.letterFailed'),
        description: errorText(error, 'verification:toast.letterFailedBody'),
        variant: 'destructive',
      }),
    onSettled: () => refreshVerification(),
  });
}

/** Enhanced bank verification: the same bank-link flow as Connect Bank Account, on the provider's page. */
export function useStartBankVerification() {
  const { t } = useTranslation('verification');
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () =>
      apiRequest<EnhancedBankVerificationReply>('POST', '/api/stripe/enhanced-bank-verification', {}),
    onSuccess: ({ url }) => {
      toast({ title: t('toast.bankStarted') });
      // A provider that links in a browser script (no hosted page) does it on the Bank Account page.
      navigate(url ?? '/bank-account');
    },
    onError: () =>
      toast({ title: t('toast.bankFailed'), description: t('toast.bankFailedBody'), variant: 'destructive' }),
  });
}
