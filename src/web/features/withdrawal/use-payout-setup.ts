import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { PayoutOnboarding } from '#shared/schemas/payments.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { withdrawalQueries } from './queries.ts';

/**
 * "Set up payouts": asks the server for a fresh single-use link to the processor's onboarding page
 * and goes there in this tab; the processor sends the person back to /withdrawal afterwards.
 */
export function useStartPayoutSetup() {
  const { t } = useTranslation('withdrawal');
  return useActionMutation({
    mutationFn: () => apiRequest<PayoutOnboarding>('POST', '/api/payments/payout-onboarding', {}),
    success: { shownOnScreen: "the payment provider's onboarding page opens" },
    onSuccess: ({ url }) => window.location.assign(url),
    failure: { title: t('payoutSetup.failed'), fallbackKey: 'withdrawal:toast.tryAgain' },
  });
}

/**
 * The processor's way back. `payout_setup=done`: read readiness again. `payout_setup=retry`: the
 * link had expired or was used, so a new one is asked for at once (as the processor expects). The
 * flag then leaves the address, so a reload does neither again.
 */
export function usePayoutSetupReturn(start: () => void) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const handled = useRef(false);
  const flag = new URLSearchParams(search).get('payout_setup');

  useEffect(() => {
    if (!flag) return;
    if (!handled.current) {
      handled.current = true;
      if (flag === 'retry') start();
      else void queryClient.invalidateQueries({ queryKey: withdrawalQueries.payoutReadiness().queryKey });
    }
    navigate(location, { replace: true });
  }, [flag, start, location, navigate]);
}
