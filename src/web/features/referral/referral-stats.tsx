import { CircleCheck, Gift, Hourglass, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReferralsReply } from '#shared/schemas/referrals.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { MoneyText } from '#web/components/ui/money-text.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { useFormat } from '#web/lib/format.ts';

/** Total, active, earned and waiting (spec 001 §3 referral stats), all from the server's records. */
export function ReferralStats({ stats }: { stats: ReferralsReply['stats'] }) {
  const { t } = useTranslation('referral');
  const format = useFormat();
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Stat
            label={t('stats.total')}
            icon={Users}
            value={format.number(stats.totalReferrals)}
            testId="stat-total"
          />
          <Stat
            label={t('stats.active')}
            icon={CircleCheck}
            value={format.number(stats.activeReferrals)}
            testId="stat-active"
          />
          <Stat label={t('stats.earned')} icon={Gift} testId="stat-earned">
            <MoneyText amount={stats.totalEarned} />
          </Stat>
          <Stat label={t('stats.pending')} icon={Hourglass} testId="stat-pending">
            <MoneyText amount={stats.pendingRewards} />
          </Stat>
        </dl>
      </CardContent>
    </Card>
  );
}
