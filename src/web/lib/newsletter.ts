import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '#web/lib/api.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/**
 * The newsletter sign-up (stored once per email by the server), shared by the landing page and the
 * blog so both send the same call and show the same toasts (the landing's words).
 */
export function useNewsletterSignup() {
  const { t } = useTranslation('landing');
  const signup = useActionMutation({
    mutationFn: (address: string) => apiRequest('POST', '/api/newsletter-signup', { email: address }),
    success: () => ({ title: t('waitlist.successTitle'), description: t('waitlist.successDescription') }),
    failure: { title: t('waitlist.errorTitle'), fallbackKey: 'landing:waitlist.errorDescription' },
  });
  /** A form's submit with the typed address: sent once at a time, and only if it can be an address. */
  const submit = (event: FormEvent<HTMLFormElement>, email: string) => {
    event.preventDefault();
    const address = email.trim();
    if (!isSubmittableEmail(address) || signup.isPending) return;
    signup.mutate(address);
  };
  return { ...signup, submit };
}

/** The spec: an address without "@" (an empty one too) is ignored without a message. */
export function isSubmittableEmail(address: string): boolean {
  return address.includes('@');
}
