import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { ProviderInfo } from '#shared/schemas/payments.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { refreshBankAccounts } from './queries.ts';

/**
 * The spec's return flag: /bank-account?session_complete=true shows the success message, refreshes
 * the list, and takes the flag out of the address so a reload does not say it again. It waits for
 * the provider to be known: Stripe accounts are verified at once, sandbox ones await two deposits.
 */
export function useSessionCompleteFlag(provider: ProviderInfo | undefined) {
  const { t } = useTranslation('bankAccount');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const shown = useRef(false);
  const complete = new URLSearchParams(search).get('session_complete') === 'true';

  useEffect(() => {
    if (!complete || !provider) return;
    if (!shown.current) {
      shown.current = true;
      const body = provider.name === 'stripe' ? t('toast.connectedInstantBody') : t('toast.connectedBody');
      toast({ title: t('toast.connected'), description: body });
      refreshBankAccounts();
    }
    navigate(location, { replace: true });
  }, [complete, provider, location, navigate, t]);
}
