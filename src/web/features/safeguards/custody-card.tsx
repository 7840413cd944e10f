import { FlaskConical, Landmark, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import type { SafeguardsView } from './queries.ts';

/**
 * Who really holds the circle's money, for the payment provider that runs (PRODUCT.md "Payment rails").
 * No invented insurance: the sandbox holds nothing, and money at Stripe is not a deposit in the member's name.
 */
export function CustodyCard({ view }: { view: SafeguardsView }) {
  const { t } = useTranslation('security');
  const { custody } = view;
  const custodyRule = view.safeguards.find((r) => r.type === 'third_party_custody');
  const facts =
    custody.name === 'sandbox'
      ? [t('custody.sandboxMoney'), t('custody.sandboxHeld')]
      : [
          ...(custody.movesRealMoney ? [] : [t('custody.stripeTestMoney')]),
          t('custody.stripeHeld'),
          t('custody.stripeInsurance'),
        ];
  const badge =
    custody.name === 'sandbox'
      ? t('custody.badgeSandbox')
      : custody.movesRealMoney
        ? t('custody.badgeStripe')
        : t('custody.badgeStripeTest');

  return (
    <Card data-testid="custody-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <Landmark aria-hidden className="size-5 shrink-0 text-brand-700" />
          {t('custody.title')}
        </CardTitle>
        <Badge
          className={
            custody.movesRealMoney ? 'px-3 py-1 text-sm' : 'bg-amber-100 px-3 py-1 text-sm text-amber-900'
          }
          data-testid="custody-provider"
        >
          {custody.movesRealMoney ? (
            <ShieldCheck aria-hidden className="size-4" />
          ) : (
            <FlaskConical aria-hidden className="size-4" />
          )}
          {badge}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <ul className="grid list-disc gap-2 ps-5" data-testid="custody-facts">
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
        <p>{t('custody.ledger')}</p>
        <p>{custodyRule?.enabled ? t('custody.ruleOn') : t('custody.ruleOff')}</p>
      </CardContent>
    </Card>
  );
}
