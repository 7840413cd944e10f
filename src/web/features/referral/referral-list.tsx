import { useTranslation } from 'react-i18next';
import type { ReferralsReply } from '#shared/schemas/referrals.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';

/** The people one brought: first name, when they joined and whether they count yet. Never emails. */
export function ReferralList({ referrals }: { referrals: ReferralsReply['referrals'] }) {
  const { t } = useTranslation('referral');
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('list.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {referrals.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="referrals-empty">
            {t('list.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="referral-list">
            {referrals.map((referral) => (
              <li key={referral.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="grid min-w-0">
                  <bdi className="truncate font-medium text-slate-900">{referral.firstName}</bdi>
                  <span className="text-xs text-slate-600">
                    {t('list.joined', { date: format.instantDay(referral.joinedAt) })}
                  </span>
                </div>
                <Badge
                  className={cn(
                    referral.status === 'active'
                      ? 'bg-emerald-100 text-emerald-800'
                      : 'bg-amber-100 text-amber-800',
                  )}
                >
                  {t(`list.status.${referral.status}`)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
