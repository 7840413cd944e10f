import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OperationsPeriod, RiskLevel } from '#shared/schemas/business-operations.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { FigureTable, useComparisonRows, useFigure } from './figures.tsx';
import { operationsKeys, operationsRequests } from './operations-requests.ts';
import { TabBody } from './tab-body.tsx';

const levelClass: Record<RiskLevel, string> = {
  low: 'bg-slate-100 text-slate-800',
  medium: 'bg-amber-100 text-amber-900',
  high: 'bg-red-100 text-red-800',
};

function Level({ level }: { level: RiskLevel }) {
  const { t } = useTranslation('businessOperations');
  return <Badge className={levelClass[level]}>{t(`risk.levels.${level}`)}</Badge>;
}

/** Members and circles at risk now, and the period's defaults against the previous period's. */
export function RiskTab({ period }: { period: OperationsPeriod }) {
  const { t } = useTranslation('businessOperations');
  const figure = useFigure();
  const comparison = useComparisonRows();
  const query = useQuery({ queryKey: operationsKeys.risk(period), queryFn: operationsRequests.risk(period) });
  return (
    <TabBody query={query}>
      {(data) => (
        <div className="grid grid-cols-1 gap-4" data-testid="risk-tab">
          <FigureTable
            title={t('risk.period')}
            headers={[t('table.figure'), t('table.current'), t('table.previous'), t('table.change')]}
            rows={comparison([
              {
                label: t('risk.figures.missedPayments'),
                unit: 'count',
                current: data.current.missedPayments,
                previous: data.previous.missedPayments,
              },
              {
                label: t('risk.figures.penaltiesCharged'),
                unit: 'count',
                current: data.current.penaltiesCharged,
                previous: data.previous.penaltiesCharged,
              },
              {
                label: t('risk.figures.penaltiesCents'),
                unit: 'cents',
                current: data.current.penaltiesCents,
                previous: data.previous.penaltiesCents,
              },
              {
                label: t('risk.figures.disputesOpened'),
                unit: 'count',
                current: data.current.disputesOpened,
                previous: data.previous.disputesOpened,
              },
            ])}
          />
          <FigureTable
            title={t('risk.members')}
            headers={[
              t('table.member'),
              t('table.level'),
              t('table.overdue'),
              t('table.penaltyOwed'),
              t('table.inactive'),
              t('table.disputes'),
              t('table.frozen'),
            ]}
            rows={data.members.map((m) => [
              m.username,
              <Level key="level" level={m.level} />,
              figure('count', m.overdue),
              figure('cents', m.owedPenaltyCents),
              figure('count', m.inactiveMemberships),
              figure('count', m.openDisputes),
              figure('count', m.frozenCircles),
            ])}
            empty={t('risk.none')}
          />
          <FigureTable
            title={t('risk.circles')}
            headers={[
              t('table.circle'),
              t('table.level'),
              t('table.members'),
              t('table.overdue'),
              t('table.penaltyOwed'),
              t('table.disputes'),
              t('table.frozen'),
            ]}
            rows={data.circles.map((c) => [
              c.name,
              <Level key="level" level={c.level} />,
              figure('count', c.members),
              figure('count', c.overdueMembers),
              figure('cents', c.owedPenaltyCents),
              figure('count', c.openDisputes + c.disputedPayouts),
              c.frozen ? t('yes') : t('no'),
            ])}
            empty={t('risk.none')}
          />
        </div>
      )}
    </TabBody>
  );
}
