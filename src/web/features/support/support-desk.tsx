import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportPeriod } from '#shared/schemas/support.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TabLoadFailed } from '#web/components/ui/tab-states.tsx';
import { SupportKpis } from './support-kpis.tsx';
import { supportKeys, supportRequests } from './support-requests.ts';
import { TicketDetail } from './ticket-detail.tsx';
import { type QueueFilter, TicketQueue } from './ticket-queue.tsx';

/**
 * The support tab of /business-operations: the KPI cards over the chosen period, the ticket queue
 * and the open ticket (the page itself tells a non-operator that it is for operators only).
 */
export function SupportDesk({ period }: { period: SupportPeriod }) {
  const { t } = useTranslation('support');
  const [filter, setFilter] = useState<QueueFilter>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const metrics = useQuery({
    queryKey: supportKeys.metrics(period),
    queryFn: supportRequests.metrics(period),
  });

  return (
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
  );
}
