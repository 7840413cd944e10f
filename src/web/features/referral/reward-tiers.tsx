import { useTranslation } from 'react-i18next';
import type { ReferralsReply } from '#shared/schemas/referrals.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { MoneyText } from '#web/components/ui/money-text.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';

const badgeClass = {
  paid: 'bg-emerald-100 text-emerald-800',
  waiting: 'bg-amber-100 text-amber-800',
  locked: 'bg-slate-100 text-slate-700',
} as const;

/** The spec's four tiers with progress towards each, counted in active referrals. */
export function RewardTiers({ tiers, active }: { tiers: ReferralsReply['tiers']; active: number }) {
  const { t } = useTranslation('referral');
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('tiers.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('tiers.subtitle')}</p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {tiers.map((tier) => (
            <li key={tier.referrals} className="grid gap-2" data-testid={`tier-${tier.referrals}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">
                  {t('tiers.referrals', { count: tier.referrals, formatted: format.number(tier.referrals) })}
                </span>
                <span className="flex items-center gap-2">
                  <MoneyText amount={tier.rewardCents} className="font-semibold text-slate-900" />
                  <Badge className={cn(badgeClass[tier.status])}>{t(`tiers.status.${tier.status}`)}</Badge>
                </span>
              </div>
              <ProgressBar
                value={active}
                max={tier.referrals}
                label={t('tiers.progress', {
                  active: format.number(Math.min(active, tier.referrals)),
                  needed: format.number(tier.referrals),
                })}
              />
              <span className="text-xs text-slate-600">
                {t('tiers.progress', {
                  active: format.number(Math.min(active, tier.referrals)),
                  needed: format.number(tier.referrals),
                })}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
