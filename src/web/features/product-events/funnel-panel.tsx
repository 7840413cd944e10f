import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Funnel, FunnelPeriod } from '#shared/schemas/product-events.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TabLoadFailed } from '#web/components/ui/tab-states.tsx';
import { useFormat } from '#web/lib/format.ts';
import { funnelKey, funnelRequest } from './funnel-queries.ts';

/**
 * The operators' product funnel (issue 15) for one period: people who signed up, then created or
 * joined a circle, then paid a first contribution, as bars; and every event's count against the
 * period before, as a table. /business-operations mounts it with its period selector.
 */
export function FunnelPanel({ period }: { period: FunnelPeriod }) {
  const { t } = useTranslation('productEvents');
  const titleId = useId();
  const funnel = useQuery({ queryKey: funnelKey(period), queryFn: funnelRequest(period) });

  return (
    <Card aria-labelledby={titleId} role="region" data-testid="funnel-panel">
      <CardHeader>
        <CardTitle id={titleId}>{t('title')}</CardTitle>
        <p className="text-sm text-slate-600">{t(`subtitle.${period}`)}</p>
      </CardHeader>
      <CardContent className="grid gap-6">
        {funnel.isPending ? (
          <div role="status" className="grid gap-3" data-testid="funnel-loading">
            <span className="sr-only">{t('loading')}</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-8" />
            ))}
            <Skeleton className="h-40" />
          </div>
        ) : funnel.isError || !funnel.data ? (
          <TabLoadFailed
            message={t('failed')}
            onRetry={() => funnel.refetch()}
            retrying={funnel.isFetching}
          />
        ) : (
          <>
            <FunnelSteps funnel={funnel.data} />
            <EventCounts funnel={funnel.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** One bar per step, as wide as its share of the period's sign-ups, with the step-to-step rate. */
function FunnelSteps({ funnel }: { funnel: Funnel }) {
  const { t } = useTranslation('productEvents');
  const format = useFormat();
  const percent = (share: number | null) => (share === null ? t('none') : format.percent(share * 100, 0));
  return (
    <ol className="grid gap-3" aria-label={t('stepsLabel')}>
      {funnel.steps.map((step, index) => {
        const label = t(`steps.${step.step}`);
        const width = step.ofSignUps === null ? 0 : Math.round(step.ofSignUps * 100);
        return (
          <li key={step.step} className="grid gap-1" data-testid={`funnel-step-${step.step}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-900">{label}</span>
              <span className="text-slate-700">
                {t('people', { count: step.users, formatted: format.number(step.users) })}
                {index > 0 && (
                  <span className="ms-2 text-slate-500">
                    {t('conversion', { percent: percent(step.conversion) })}
                  </span>
                )}
              </span>
            </div>
            <div
              className="h-6 w-full overflow-hidden rounded-md bg-slate-100"
              role="img"
              aria-label={t('barLabel', { step: label, percent: percent(step.ofSignUps) })}
            >
              <div className="h-full rounded-md bg-brand-600" style={{ width: `${width}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Every event's count in the period and the one before. */
function EventCounts({ funnel }: { funnel: Funnel }) {
  const { t } = useTranslation('productEvents');
  const format = useFormat();
  return (
    <ScrollRegion label={t('events.caption')}>
      <table className="w-full text-sm" data-testid="funnel-events">
        <caption className="mb-2 text-start font-medium text-slate-900">{t('events.caption')}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 text-start font-medium">
              {t('events.event')}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {t('events.current')}
            </th>
            <th scope="col" className="py-2 text-end font-medium">
              {t('events.previous')}
            </th>
          </tr>
        </thead>
        <tbody>
          {funnel.events.map((event) => (
            <tr key={event.name} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 text-start font-normal text-slate-900">
                {t(`names.${event.name}`)}
              </th>
              <td className="py-2 text-end tabular-nums text-slate-900">{format.number(event.count)}</td>
              <td className="py-2 text-end tabular-nums text-slate-600">{format.number(event.previous)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
