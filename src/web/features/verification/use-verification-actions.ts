import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type {
  EnhancedBankVerificationReply,
  IdentityVerificationReply,
  PhoneCodeSentReply,
  PostalAddress,
} from '#shared/schemas/verification.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { refreshVerification } from './queries.ts';

/** "Verify identity": the provider's page opens in a new tab (opened at the click, so no pop-up blocker stops it). */
export function useStartIdentity() {
  const { t } = useTranslation('verification');
  const mutation = useActionMutation({
    mutationFn: () => apiRequest<IdentityVerificationReply>('POST', '/api/stripe/identity-verification', {}),
    success: () => ({ title: t('toast.identityStarted'), description: t('toast.identityStartedBody') }),
    failure: { title: t('toast.identityFailed'), fallbackKey: 'verification:toast.identityFailedBody' },
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
      },
      onError: () => tab?.close(),
    });
  };
  return { start, isPending: mutation.isPending };
}

export function useSendPhoneCode(onSent: (maskedNumber: string) => void) {
  const { t } = useTranslation('verification');
  return useActionMutation({
    mutationFn: (phoneNumber: string) =>
      apiRequest<PhoneCodeSentReply>('POST', '/api/verification/phone', { phoneNumber }),
    success: () => ({ title: t('toast.codeSent'), description: t('toast.codeSentBody') }),
    onSuccess: (reply) => onSent(reply.phoneNumber),
    failure: { title: t('toast.smsFailed'), fallbackKey: 'verification:toast.smsFailedBody' },
    onSettled: () => refreshVerification(),
  });
}

/** Checking a code: a wrong one is shown in place (with the reason), a right one as a toast. */
export function useConfirmCode<T>(url: string, successTitle: string) {
  return useActionMutation({
    mutationFn: (body: T) => apiRequest('POST', url, body),
    success: () => ({ title: successTitle }),
    failure: { shownOnScreen: 'the reason beside the code field' },
    // Wrong tries count on the server: the statuses may have moved either way.
    onSettled: () => refreshVerification(),
  });
}

export function useSendLetter(onSent: () => void) {
  const { t } = useTranslation('verification');
  return useActionMutation({
    mutationFn: (address: PostalAddress) => apiRequest('POST', '/api/verification/address', address),
    success: () => ({ title: t('toast.letterSent'), description: t('toast.letterSentBody') }),
    onSuccess: onSent,
    failure: { title: t('toast.letterFailed'), fallbackKey: 'verification:toast.letterFailedBody' },
    onSettled: () => refreshVerification(),
  });
}

/** Enhanced bank verification: the same bank-link flow as Connect Bank Account, on the provider's page. */
export function useStartBankVerification() {
  const { t } = useTranslation('verification');
  const [, navigate] = useLocation();
  return useActionMutation({
    mutationFn: () =>
      apiRequest<EnhancedBankVerificationReply>('POST', '/api/stripe/enhanced-bank-verification', {}),
    success: () => ({ title: t('toast.bankStarted') }),
    // A provider that links in a browser script (no hosted page) does it on the Bank Account page.
    onSuccess: ({ url }) => navigate(url ?? '/bank-account'),
    failure: { title: t('toast.bankFailed'), fallbackKey: 'verification:toast.bankFailedBody' },
  });
}
