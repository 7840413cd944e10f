import { CalendarClock, Repeat, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { MoneyText } from '#web/components/ui/money-text.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { PaymentSchedules } from './queries.ts';
import { useRelativeDay } from './relative-day.ts';

/** Automation rate, what auto-pay collects each cycle, and when it next collects. */
export function AutopaySummary({ data, timeZone }: { data: PaymentSchedules; timeZone: string }) {
  const { t } = useTranslation('autopay');
  const format = useFormat();
  const relativeDay = useRelativeDay(timeZone);
  const { summary, settings } = data;
  const automated = data.paymentSchedules.filter(
    (e) => e.status === 'active' || e.status === 'failed',
  ).length;
  const total = data.paymentSchedules.length;
  const collectionLabel = {
    weekly: t('summary.collectionWeekly'),
    'bi-weekly': t('summary.collectionBiWeekly'),
    monthly: t('summary.collectionMonthly'),
  }[settings.frequency];
  const next = summary.nextCollectionDate;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Card>
        <CardContent className="grid gap-3 pt-5">
          <dl>
            <Stat
              icon={Repeat}
              label={t('summary.automationRate')}
              value={format.percent(summary.automationRate, 0)}
              hint={t('summary.automationHint', { count: automated, total })}
              testId="automation-rate"
            />
          </dl>
          <ProgressBar value={automated} max={total} label={t('summary.automationRate')} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-5">
          <dl>
            <Stat
              icon={Wallet}
              label={collectionLabel}
              value={<MoneyText amount={summary.collectionPerCycle} />}
              hint={t('summary.collectionHint')}
              testId="collection-per-cycle"
            />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-5">
          <dl>
            <Stat
              icon={CalendarClock}
              label={t('summary.nextCollection')}
              value={next ? format.day(next) : t('summary.noneScheduled')}
              hint={next ? relativeDay(next).text : t('summary.noneScheduledHint')}
              testId="next-collection"
            />
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
