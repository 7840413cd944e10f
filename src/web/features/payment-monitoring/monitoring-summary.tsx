import { AlertOctagon, CheckCircle2, HandCoins, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { MoneyText } from '#web/components/ui/money-text.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { PaymentMonitoring } from './queries.ts';

/** Compliance, overdue, at-risk and this cycle's collection, from the circle's real contributions. */
export function MonitoringSummary({ data }: { data: PaymentMonitoring }) {
  const { t } = useTranslation('paymentsMonitor');
  const format = useFormat();
  const { summary } = data;
  // Every member owes the same contribution, so counting payments shows the collected share.
  const owed = data.members.filter((m) => m.currentContribution !== null);
  const paid = owed.filter((m) => m.currentContribution?.status === 'paid').length;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Card>
        <CardContent className="p-4 sm:p-5">
          <dl>
            <Stat
              icon={CheckCircle2}
              label={t('summary.compliance')}
              value={
                summary.complianceRate === null
                  ? t('summary.nothingDue')
                  : format.percent(summary.complianceRate, 0)
              }
              hint={t('summary.complianceHint')}
              testId="compliance-rate"
            />
          </dl>
        </CardContent>
      </Card>
      <Card className={summary.overdueCount > 0 ? 'border-red-200' : undefined}>
        <CardContent className="p-4 sm:p-5">
          <dl>
            <Stat
              icon={AlertOctagon}
              label={t('summary.overdue')}
              value={format.number(summary.overdueCount)}
              hint={t('summary.overdueHint', { amount: format.money(summary.overdueAmount) })}
              testId="overdue-count"
            />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="p-4 sm:p-5">
          <dl>
            <Stat
              icon={TriangleAlert}
              label={t('summary.atRisk')}
              value={format.number(summary.atRiskCount)}
              hint={t('summary.atRiskHint')}
              testId="at-risk-count"
            />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-3 p-4 sm:p-5">
          <dl>
            <Stat
              icon={HandCoins}
              label={t('summary.collected')}
              value={<MoneyText amount={summary.collectedThisCycle} />}
              hint={t('summary.collectedHint', { expected: format.money(summary.expectedThisCycle) })}
              testId="collected-this-cycle"
            />
          </dl>
          <ProgressBar value={paid} max={owed.length} label={t('summary.collected')} />
        </CardContent>
      </Card>
    </div>
  );
}
