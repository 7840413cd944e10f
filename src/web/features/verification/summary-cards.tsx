import { Gauge, ShieldCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VERIFIED_THRESHOLD } from '#shared/verification.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupVerification } from './queries.ts';
import { TrustLevelBadge } from './status-badges.tsx';

/** Verification rate, the viewer's trust score and verification score, side by side. */
export function SummaryCards({ data }: { data: GroupVerification }) {
  const { t } = useTranslation('verification');
  const format = useFormat();
  const { me } = data;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Card>
        <CardContent className="grid gap-3 pt-5">
          <dl>
            <Stat
              icon={Users}
              label={t('summary.rate')}
              value={t('summary.percent', { value: format.number(data.verificationRate) })}
              hint={t('summary.rateHint', {
                verified: format.number(data.verifiedMembers),
                count: format.number(data.memberCount),
              })}
              testId="verification-rate"
            />
          </dl>
          <ProgressBar value={data.verifiedMembers} max={data.memberCount} label={t('summary.rateLabel')} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-3 pt-5">
          <dl>
            <Stat
              icon={Gauge}
              label={t('summary.trustScore')}
              value={t('summary.outOf', { score: format.number(me.trustScore) })}
              testId="own-trust-score"
            />
          </dl>
          <TrustLevelBadge level={me.explanation.level} className="justify-self-start" />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-3 pt-5">
          <dl>
            <Stat
              icon={ShieldCheck}
              label={t('summary.overall')}
              value={t('summary.outOf', { score: format.number(me.overallScore) })}
              hint={
                me.verificationDate
                  ? t('summary.verifiedOn', { date: format.instant(me.verificationDate) })
                  : t('summary.threshold', { threshold: format.number(VERIFIED_THRESHOLD) })
              }
              testId="own-overall-score"
            />
          </dl>
          <TrustLevelBadge level={me.trustLevel} of="verification" className="justify-self-start" />
        </CardContent>
      </Card>
    </div>
  );
}
