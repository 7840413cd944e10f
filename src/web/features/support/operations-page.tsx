import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SUPPORT_PERIODS, type SupportPeriod } from '#shared/schemas/support.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { selectClass } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TabLoadFailed } from '#web/components/ui/tab-states.tsx';
import { ApiError } from '#web/lib/api.ts';
import { SupportKpis } from './support-kpis.tsx';
import { supportKeys, supportRequests } from './support-requests.ts';
import { TicketDetail } from './ticket-detail.tsx';
import { type QueueFilter, TicketQueue } from './ticket-queue.tsx';

/**
 * /business-operations for operators. For now only its support part exists (issue 15): the KPI cards
 * over the chosen period, the ticket queue and the open ticket. Anyone else sees "operators only".
 */
export default function OperationsPage() {
  const { t } = useTranslation('support');
  const periodId = useId();
  const [period, setPeriod] = useState<SupportPeriod>('month');
  const [filter, setFilter] = useState<QueueFilter>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const metrics = useQuery({
    queryKey: supportKeys.metrics(period),
    queryFn: supportRequests.metrics(period),
  });

  if (metrics.error instanceof ApiError && metrics.error.status === 403) return <OperatorsOnly />;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('operations.title')}</h1>
          <p className="text-slate-600">{t('operations.subtitle')}</p>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={periodId}>{t('operations.period')}</Label>
          <select
            id={periodId}
            className={selectClass}
            value={period}
            onChange={(event) => setPeriod(event.target.value as SupportPeriod)}
            data-testid="period-select"
          >
            {SUPPORT_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`operations.periods.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <section aria-labelledby="support-heading" className="grid gap-4">
        <h2 id="support-heading" className="text-lg font-semibold text-slate-900">
          {t('operations.support')}
        </h2>
        {metrics.isPending ? (
          <div role="status" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
            <span className="sr-only">{t('operations.loading')}</span>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
        ) : metrics.isError || !metrics.data ? (
          <TabLoadFailed
            message={t('operations.failed')}
            onRetry={() => metrics.refetch()}
            retrying={metrics.isFetching}
          />
        ) : (
          <SupportKpis metrics={metrics.data} />
        )}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <TicketQueue filter={filter} onFilter={setFilter} selected={selected} onSelect={setSelected} />
          {selected === null ? (
            <Card>
              <CardContent className="p-8 text-center text-sm text-slate-600">
                {t('operations.pick')}
              </CardContent>
            </Card>
          ) : (
            <TicketDetail key={selected} ticketId={selected} />
          )}
        </div>
      </section>
    </div>
  );
}

function OperatorsOnly() {
  const { t } = useTranslation('support');
  return (
    <Card className="mx-auto max-w-lg text-center" data-testid="operators-only">
      <CardContent className="flex flex-col items-center gap-3 p-10">
        <ShieldAlert aria-hidden className="size-10 text-amber-600" />
        <h1 className="text-xl font-semibold">{t('operations.onlyTitle')}</h1>
        <p className="text-slate-600">{t('operations.onlyBody')}</p>
        <Button asChild variant="secondary">
          <Link href="/dashboard">{t('operations.back')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
