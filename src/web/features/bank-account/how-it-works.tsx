import { useTranslation } from 'react-i18next';
import type { ProviderInfo } from '#shared/schemas/payments.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/**
 * The spec describes micro-deposit verification as two deposits under $1 (the sandbox). With Stripe
 * the bank confirms the account at once, and linking authorises the debits (the ACH mandate).
 */
export function HowVerificationWorks({ provider }: { provider?: ProviderInfo }) {
  const { t } = useTranslation('bankAccount');
  const steps =
    provider?.name === 'stripe'
      ? [t('howItWorks.stripeStep1'), t('howItWorks.stripeStep2')]
      : [t('howItWorks.step1'), t('howItWorks.step2'), t('howItWorks.step3')];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('howItWorks.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <ol className="grid list-decimal gap-2 ps-5">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {provider?.name === 'sandbox' && (
          <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t('howItWorks.sandboxNote')}</p>
        )}
        {provider?.name === 'stripe' && <p className="text-slate-600">{t('howItWorks.stripeMandate')}</p>}
      </CardContent>
    </Card>
  );
}
