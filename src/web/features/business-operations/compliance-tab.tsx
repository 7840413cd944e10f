import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_LABELS, type OperationsPeriod } from '#shared/schemas/business-operations.ts';
import { FigureTable, useComparisonRows, useFigure } from './figures.tsx';
import { operationsKeys, operationsRequests } from './operations-requests.ts';
import { TabBody } from './tab-body.tsx';

/** Verification coverage, the spec's compliance labels, money moved without identity, audit activity. */
export function ComplianceTab({ period }: { period: OperationsPeriod }) {
  const { t } = useTranslation('businessOperations');
  const figure = useFigure();
  const comparison = useComparisonRows();
  const query = useQuery({
    queryKey: operationsKeys.compliance(period),
    queryFn: operationsRequests.compliance(period),
  });
  return (
    <TabBody query={query}>
      {(data) => (
        <div className="grid grid-cols-1 gap-4" data-testid="compliance-tab">
          <FigureTable
            title={t('compliance.labelsTitle', { members: data.members })}
            headers={[t('table.label'), t('table.members')]}
            rows={COMPLIANCE_LABELS.map((label) => [
              t(`compliance.labels.${label}`),
              figure('count', data.labels[label]),
            ])}
          />
          <FigureTable
            title={t('compliance.coverage')}
            headers={[
              t('table.check'),
              t('table.verified'),
              t('table.pending'),
              t('table.failed'),
              t('table.notStarted'),
            ]}
            rows={data.coverage.map((c) => [
              t(`compliance.checks.${c.check}`),
              figure('count', c.verified),
              figure('count', c.pending),
              figure('count', c.failed),
              figure('count', c.notStarted),
            ])}
          />
          <FigureTable
            title={t('compliance.period')}
            headers={[t('table.figure'), t('table.current'), t('table.previous'), t('table.change')]}
            rows={comparison([
              {
                label: t('compliance.figures.verificationsCompleted'),
                unit: 'count',
                current: data.current.verificationsCompleted,
                previous: data.previous.verificationsCompleted,
              },
              {
                label: t('compliance.figures.auditEvents'),
                unit: 'count',
                current: data.current.auditEvents,
                previous: data.previous.auditEvents,
              },
              {
                label: t('compliance.figures.unverifiedMovers'),
                unit: 'count',
                current: data.current.unverifiedMovers,
                previous: data.previous.unverifiedMovers,
              },
              {
                label: t('compliance.figures.unverifiedMovedCents'),
                unit: 'cents',
                current: data.current.unverifiedMovedCents,
                previous: data.previous.unverifiedMovedCents,
              },
            ])}
          />
          <FigureTable
            title={t('compliance.movers')}
            headers={[t('table.member'), t('table.identity'), t('table.transfers'), t('table.amount')]}
            rows={data.unverifiedMovers.map((m) => [
              m.username,
              t(`compliance.states.${m.identityStatus}`, { defaultValue: m.identityStatus }),
              figure('count', m.transfers),
              figure('cents', m.movedCents),
            ])}
            empty={t('empty')}
          />
          <FigureTable
            title={t('compliance.audit')}
            headers={[t('table.action'), t('table.current'), t('table.previous')]}
            rows={data.auditActivity.map((a) => [
              a.action,
              figure('count', a.current),
              figure('count', a.previous),
            ])}
            empty={t('empty')}
          />
        </div>
      )}
    </TabBody>
  );
}
