import { useTranslation } from 'react-i18next';
import type { ProviderInfo } from '#shared/schemas/payments.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** The spec describes micro-deposit verification as two deposits under $1. */
export function HowVerificationWorks({ provider }: { provider?: ProviderInfo }) {
  const { t } = useTranslation('bankAccount');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('howItWorks.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <ol className="grid list-decimal gap-2 ps-5">
          <li>{t('howItWorks.step1')}</li>
          <li>{t('howItWorks.step2')}</li>
          <li>{t('howItWorks.step3')}</li>
        </ol>
        {provider?.name === 'sandbox' && (
          <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t('howItWorks.sandboxNote')}</p>
        )}
      </CardContent>
    </Card>
  );
}
