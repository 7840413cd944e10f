import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import type { PaymentScheduleEntry } from './queries.ts';
import { useRelativeDay } from './relative-day.ts';

/** Next payment (its date and how far off it is) and last payment of one auto-pay entry. */
export function ScheduleDates({ entry, timeZone }: { entry: PaymentScheduleEntry; timeZone: string }) {
  const { t } = useTranslation('autopay');
  const format = useFormat();
  const relativeDay = useRelativeDay(timeZone);
  const next = entry.nextPaymentDate ? relativeDay(entry.nextPaymentDate) : null;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div className="grid gap-0.5">
        <dt className="text-xs font-medium text-slate-600">{t('dates.next')}</dt>
        <dd className="font-medium text-slate-900" data-testid="next-payment">
          {entry.nextPaymentDate ? format.day(entry.nextPaymentDate) : t('dates.none')}
        </dd>
        {next && (
          <dd
            className={cn('text-xs', next.days < 0 ? 'font-medium text-red-700' : 'text-slate-600')}
            data-testid="next-payment-when"
          >
            {next.text}
          </dd>
        )}
      </div>
      <div className="grid gap-0.5">
        <dt className="text-xs font-medium text-slate-600">{t('dates.last')}</dt>
        <dd className="font-medium text-slate-900" data-testid="last-payment">
          {entry.lastPaymentDate ? format.day(entry.lastPaymentDate) : t('dates.noneYet')}
        </dd>
      </div>
    </dl>
  );
}
