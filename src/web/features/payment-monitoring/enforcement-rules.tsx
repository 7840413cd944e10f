import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { EnforcementRules as Rules } from './queries.ts';

/** Admin: the circle's real enforcement settings, as the server applies them. */
export function EnforcementRules({ rules, groupId }: { rules: Rules; groupId: number }) {
  const { t } = useTranslation('paymentsMonitor');
  const format = useFormat();
  const items = [
    { term: t('rules.grace'), value: t('rules.graceValue', { count: rules.gracePeriodDays }) },
    {
      term: t('rules.penalty'),
      value:
        rules.penaltyPercentage > 0
          ? t('rules.penaltyValue', { percent: format.percent(rules.penaltyPercentage, 0) })
          : t('rules.noPenalty'),
    },
    { term: t('rules.reminders'), value: t('rules.remindersValue', { count: rules.reminderDays }) },
    { term: t('rules.retries'), value: t('rules.retriesValue', { count: rules.retryAttempts }) },
    {
      term: t('rules.release'),
      value: t('rules.releaseValue', { percent: format.percent(rules.minContributionThreshold, 0) }),
    },
    { term: t('rules.autoPayout'), value: rules.autoPayout ? t('rules.on') : t('rules.off') },
  ];
  return (
    <Card data-testid="enforcement-rules">
      <CardHeader>
        <CardTitle>{t('rules.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('rules.hint')}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm">
          {items.map((item) => (
            <div key={item.term} className="grid gap-0.5">
              <dt className="text-xs font-medium text-slate-600">{item.term}</dt>
              <dd className="text-slate-900">{item.value}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-1 text-sm">
          <Link href={`/groups/${groupId}?tab=schedule`} className="font-medium text-brand-700 underline">
            {t('rules.changeSchedule')}
          </Link>
          <Link href={`/groups/${groupId}?tab=autopay`} className="font-medium text-brand-700 underline">
            {t('rules.changeRetries')}
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
