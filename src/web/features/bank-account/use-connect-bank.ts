import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { BankLinkSession } from '#shared/schemas/payments.ts';
import { toast } from '#web/components/ui/toast-store.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';

/**
 * "Connect Bank Account": opens a linking session, then sends the browser to the provider's
 * hosted page. (A provider that links in a browser script instead returns no hostedUrl.)
 */
export function useConnectBank() {
  const { t } = useTranslation('bankAccount');
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest<BankLinkSession>('POST', '/api/create-financial-connections-session'),
    onSuccess: (session) => {
      if (!session.hostedUrl) {
        toast({
          title: t('toast.connectionFailed'),
          description: t('toast.startFailed'),
          variant: 'destructive',
        });
        return;
      }
      navigate(session.hostedUrl);
    },
    onError: (error) =>
      toast({
        title: t('toast.connectionFailed'),
        description: errorText(error, 'bankAccount:toast.startFailed'),
        variant: 'destructive',
      }),
  });
}
