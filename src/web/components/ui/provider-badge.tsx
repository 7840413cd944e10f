import { FlaskConical, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProviderInfo } from '#shared/schemas/payments.ts';
import { Badge } from './badge.tsx';

/**
 * Which payment provider runs. When no real money moves (the sandbox, or Stripe with test keys) the
 * badge says so plainly.
 */
export function ProviderBadge({ provider }: { provider: ProviderInfo }) {
  const { t } = useTranslation('bankAccount');
  if (!provider.movesRealMoney)
    return (
      <Badge
        className="w-fit bg-amber-100 px-3 py-1 text-sm text-amber-900 sm:shrink-0"
        data-testid="sandbox-label"
      >
        <FlaskConical className="size-4" aria-hidden />
        {provider.name === 'sandbox' ? t('provider.sandbox') : t('provider.stripeTest')}
      </Badge>
    );
  return (
    <Badge className="px-3 py-1 text-sm">
      <ShieldCheck className="size-4" aria-hidden />
      {t('provider.stripe')}
    </Badge>
  );
}
