import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FinancialFigures, OperationsPeriod } from '#shared/schemas/business-operations.ts';
import { FigureTable, type Unit, useComparisonRows, useFigure } from './figures.tsx';
import { operationsKeys, operationsRequests } from './operations-requests.ts';
import { TabBody } from './tab-body.tsx';

const financialRows: { key: keyof FinancialFigures; unit: Unit }[] = [
  { key: 'contributionsCents', unit: 'cents' },
  { key: 'contributionsCount', unit: 'count' },
  { key: 'payoutsCents', unit: 'cents' },
  { key: 'payoutsCount', unit: 'count' },
  { key: 'feeRevenueCents', unit: 'cents' },
  { key: 'walletsHeldCents', unit: 'cents' },
  { key: 'reserveCoverCents', unit: 'cents' },
  { key: 'reserveCoverCount', unit: 'count' },
  { key: 'withdrawalsCents', unit: 'cents' },
  { key: 'withdrawalFeesCents', unit: 'cents' },
];

/** Volumes, fees, wallets, reserves and withdrawals, and the reconciliation with the provider. */
export function FinancialTab({ period }: { period: OperationsPeriod }) {
  const { t } = useTranslation('businessOperations');
  const figure = useFigure();
  const comparison = useComparisonRows();
  const query = useQuery({
    queryKey: operationsKeys.financial(period),
    queryFn: operationsRequests.financial(period),
  });
  const compare = [t('table.figure'), t('table.current'), t('table.previous'), t('table.change')];
  return (
    <TabBody query={query}>
      {(data) => (
        <div className="grid grid-cols-1 gap-4" data-testid="financial-tab">
          <FigureTable
            title={t('financial.title')}
            headers={compare}
            rows={comparison(
              financialRows.map(({ key, unit }) => ({
                label: t(`financial.figures.${key}`),
                unit,
                current: data.current[key],
                previous: data.previous[key],
              })),
            )}
          />
          <FigureTable
            title={t('financial.feesByKind')}
            headers={[t('table.kind'), t('table.current'), t('table.previous')]}
            rows={data.feesByKind.map((f) => [
              f.kind,
              figure('cents', f.current),
              figure('cents', f.previous),
            ])}
            empty={t('empty')}
          />
          <FigureTable
            title={t('financial.withdrawals')}
            headers={[t('table.method'), t('table.count'), t('table.amount'), t('table.fees')]}
            rows={data.withdrawalsByMethod.map((w) => [
              t(`financial.methods.${w.method}`, { defaultValue: w.method }),
              figure('count', w.count),
              figure('cents', w.amountCents),
              figure('cents', w.feeCents),
            ])}
            empty={t('empty')}
          />
          <FigureTable
            title={t('financial.reconciliation')}
            headers={[t('table.settled'), t('table.provider'), t('table.ledger'), t('table.difference')]}
            rows={[
              [
                figure('count', data.reconciliation.settledCount),
                figure('cents', data.reconciliation.providerCents),
                figure('cents', data.reconciliation.ledgerCents),
                figure('cents', data.reconciliation.differenceCents),
              ],
            ]}
            testId="reconciliation"
          />
          <FigureTable
            title={t('financial.differences')}
            headers={[
              t('table.source'),
              t('table.reference'),
              t('table.provider'),
              t('table.ledger'),
              t('table.difference'),
            ]}
            rows={data.reconciliation.differences.map((d) => [
              `${t(`financial.sources.${d.source}`)} #${d.id}`,
              d.providerRef ?? '—',
              figure('cents', d.providerCents),
              figure('cents', d.ledgerCents),
              figure('cents', d.differenceCents),
            ])}
            empty={t('financial.noDifferences')}
          />
        </div>
      )}
    </TabBody>
  );
}
