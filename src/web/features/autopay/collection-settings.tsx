import { CalendarDays, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { selectClass } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { PaymentSchedules } from './queries.ts';
import { useSaveCollectionSettings } from './use-autopay-actions.ts';

const RETRY_CHOICES = [1, 3, 5] as const;
type RetryChoice = (typeof RETRY_CHOICES)[number];
const LAST_DAY_OF_MONTH = 31;

/**
 * Admin: how often a failed automatic payment is retried. The payment day is the circle's own
 * contribution day (one setting, kept on the Schedule tab), so it is shown here, not asked again.
 */
export function CollectionSettings({ data, groupId }: { data: PaymentSchedules; groupId: number }) {
  const { t } = useTranslation('autopay');
  const format = useFormat();
  const { settings } = data;
  const saved = RETRY_CHOICES.find((n) => n === settings.retryAttempts) ?? 3;
  const [retries, setRetries] = useState<RetryChoice>(saved);
  const save = useSaveCollectionSettings(groupId);
  const paymentDay =
    settings.frequency !== 'monthly'
      ? format.weekday(settings.contributionDay)
      : settings.contributionDay >= LAST_DAY_OF_MONTH
        ? t('groupPage:schedule.lastDayOfMonth')
        : t('groupPage:schedule.dayOfMonth', { day: settings.contributionDay });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(retries);
  };
  return (
    <Card data-testid="collection-settings">
      <CardHeader>
        <CardTitle>{t('settings.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('settings.hint')}</p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-1 text-sm">
          <p className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <CalendarDays aria-hidden className="size-4 text-brand-700" />
            {t('settings.paymentDay')}
          </p>
          <p className="font-semibold text-slate-900" data-testid="payment-day">
            {paymentDay}
          </p>
          <p className="text-slate-700">
            {t('settings.paymentDayHint', { count: settings.gracePeriodDays })}{' '}
            <Link href={`/groups/${groupId}?tab=schedule`} className="font-medium text-brand-700 underline">
              {t('settings.changeOnSchedule')}
            </Link>
          </p>
        </div>
        <form className="grid gap-2" onSubmit={submit}>
          <Label htmlFor="retry-attempts">{t('settings.retries')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <select
              id="retry-attempts"
              className={selectClass}
              value={retries}
              aria-describedby="retry-attempts-hint"
              onChange={(event) => setRetries(Number(event.target.value) as RetryChoice)}
            >
              {RETRY_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {t('settings.retryChoice', { count: n })}
                </option>
              ))}
            </select>
            <Button type="submit" disabled={save.isPending || retries === saved} className="shrink-0">
              <Save aria-hidden />
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </Button>
          </div>
          <p id="retry-attempts-hint" className="text-xs text-slate-600">
            {t('settings.retriesHint')}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
