import { useTranslation } from 'react-i18next';
import type { OverviewReply } from '#shared/schemas/business-operations.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { Change, useFigure } from './figures.tsx';

/** The KPI cards: each total of the period, with its change against the previous period. */
export function KpiCards({ overview }: { overview: OverviewReply }) {
  const { t } = useTranslation('businessOperations');
  const figure = useFigure();
  return (
    <div
      className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 md:grid-cols-4"
      data-testid="operations-kpis"
    >
      {overview.kpis.map((kpi) => (
        <Card key={kpi.key}>
          {/* A list per card: a <dl> may hold only its terms, not the cards around them. */}
          <CardContent className="p-4">
            <dl>
              <Stat
                label={t(`kpi.${kpi.key}`)}
                value={figure(kpi.unit, kpi.current)}
                hint={<Change unit={kpi.unit} current={kpi.current} previous={kpi.previous} />}
                testId={`operations-kpi-${kpi.key}`}
              />
            </dl>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
