import { useTranslation } from 'react-i18next';
import type { SupportMetrics } from '#shared/schemas/support.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { useFormat } from '#web/lib/format.ts';

const MINUTE = 60_000;

/** A median duration as a person reads it: minutes, hours and minutes, or days and hours. */
function useDuration() {
  const { t } = useTranslation('support');
  const format = useFormat();
  return (ms: number | null) => {
    if (ms === null) return t('kpi.none');
    const minutes = Math.round(ms / MINUTE);
    if (minutes < 60) return t('duration.minutes', { minutes: format.number(minutes) });
    const hours = Math.floor(minutes / 60);
    if (hours < 48)
      return t('duration.hours', { hours: format.number(hours), minutes: format.number(minutes % 60) });
    return t('duration.days', {
      days: format.number(Math.floor(hours / 24)),
      hours: format.number(hours % 24),
    });
  };
}

/** The support KPI cards: the queue by status now, and the period's received count and median times. */
export function SupportKpis({ metrics }: { metrics: SupportMetrics }) {
  const { t } = useTranslation('support');
  const format = useFormat();
  const duration = useDuration();
  const cards = [
    { id: 'open', label: t('status.open'), value: format.number(metrics.counts.open) },
    { id: 'in-progress', label: t('status.in_progress'), value: format.number(metrics.counts.in_progress) },
    { id: 'resolved', label: t('status.resolved'), value: format.number(metrics.counts.resolved) },
    { id: 'received', label: t('kpi.received'), value: format.number(metrics.received) },
    { id: 'first-response', label: t('kpi.firstResponse'), value: duration(metrics.medianFirstResponseMs) },
    { id: 'resolution', label: t('kpi.resolution'), value: duration(metrics.medianResolutionMs) },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="support-kpis">
      {cards.map((card) => (
        <Card key={card.id}>
          {/* A list of its own per card: a <dl> may hold only its terms, not the cards around them. */}
          <CardContent className="p-4">
            <dl>
              <Stat label={card.label} value={card.value} testId={`kpi-${card.id}`} />
            </dl>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
