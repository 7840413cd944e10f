import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { toast } from '#web/components/ui/toast-store.ts';
import { refreshBankAccounts } from './queries.ts';

/**
 * The spec's return flag: /bank-account?session_complete=true shows the success message, refreshes
 * the list, and takes the flag out of the address so a reload does not say it again.
 */
export function useSessionCompleteFlag() {
  const { t } = useTranslation('bankAccount');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const shown = useRef(false);
  const complete = new URLSearchParams(search).get('session_complete') === 'true';

  useEffect(() => {
    if (!complete) return;
    if (!shown.current) {
      shown.current = true;
      toast({ title: t('toast.connected'), description: t('toast.connectedBody') });
      refreshBankAccounts();
    }
    navigate(location, { replace: true });
  }, [complete, location, navigate, t]);
}
