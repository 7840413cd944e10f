import { useQuery } from '@tanstack/react-query';
import { PauseCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { useFormat } from '#web/lib/format.ts';
import { HowItWorks } from './how-it-works.tsx';
import { ProgramSwitch } from './program-switch.tsx';
import { referralQueries } from './queries.ts';
import { ReferralList } from './referral-list.tsx';
import { ReferralStats } from './referral-stats.tsx';
import { RewardTiers } from './reward-tiers.tsx';
import { ShareCard } from './share-card.tsx';

/** /referral (spec 001 §2.7): one's code to share, what it has earned, the tiers and the people referred. */
export default function ReferralPage() {
  const { t } = useTranslation('referral');
  const format = useFormat();
  const { user } = useCurrentUser();
  const overview = useQuery(referralQueries.overview());
  const data = overview.data;
  const friendBonus = data ? format.money(data.friendBonusCents) : '';

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="text-slate-600">{t('subtitle')}</p>
      </div>
      {overview.isPending && (
        <div role="status" className="grid gap-4">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
      {overview.isError && (
        <Card>
          <CardContent className="flex flex-col items-start gap-3 p-6">
            <p className="text-slate-700">{t('loadFailed')}</p>
            <Button type="button" variant="secondary" onClick={() => void overview.refetch()}>
              {t('retry')}
            </Button>
          </CardContent>
        </Card>
      )}
      {data && (
        <>
          {data.paused && (
            <p
              role="status"
              className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <PauseCircle className="size-5 shrink-0" aria-hidden />
              {t('paused')}
            </p>
          )}
          <ShareCard code={data.code} friendBonus={friendBonus} />
          <ReferralStats stats={data.stats} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <RewardTiers tiers={data.tiers} active={data.stats.activeReferrals} />
            <ReferralList referrals={data.referrals} />
          </div>
          <HowItWorks friendBonus={friendBonus} />
          {user?.isOperator && <ProgramSwitch paused={data.paused} />}
        </>
      )}
    </div>
  );
}
