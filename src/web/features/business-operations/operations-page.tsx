import { useQuery } from '@tanstack/react-query';
import { Download, ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { OPERATIONS_PERIODS, type OperationsPeriod } from '#shared/schemas/business-operations.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { selectClass } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TabLoadFailed } from '#web/components/ui/tab-states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { SupportDesk } from '#web/features/support/support-desk.tsx';
import { ApiError } from '#web/lib/api.ts';
import { ComplianceTab } from './compliance-tab.tsx';
import { FinancialTab } from './financial-tab.tsx';
import { KpiCards } from './kpi-cards.tsx';
import { exportUrl, operationsKeys, operationsRequests } from './operations-requests.ts';
import { ReportsTab } from './reports-tab.tsx';
import { RiskTab } from './risk-tab.tsx';

const TABS = ['financial', 'compliance', 'support', 'risk', 'reports'] as const;

/**
 * /business-operations for operators (spec 001 §2.6, issue 15): one period for the whole page, the
 * KPI cards against the previous period, the tabs, and the export of every table as one CSV.
 * Anyone else sees "operators only".
 */
export default function OperationsPage() {
  const { t } = useTranslation('businessOperations');
  const periodId = useId();
  const [period, setPeriod] = useState<OperationsPeriod>('month');
  const overview = useQuery({
    queryKey: operationsKeys.overview(period),
    queryFn: operationsRequests.overview(period),
  });

  if (overview.error instanceof ApiError && overview.error.status === 403) return <OperatorsOnly />;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="text-slate-600">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor={periodId}>{t('period')}</Label>
            <select
              id={periodId}
              className={selectClass}
              value={period}
              onChange={(event) => setPeriod(event.target.value as OperationsPeriod)}
              data-testid="period-select"
            >
              {OPERATIONS_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {t(`periods.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <Button asChild variant="secondary">
            <a href={exportUrl(period)} download data-testid="export-csv">
              <Download aria-hidden className="size-4" />
              {t('export')}
            </a>
          </Button>
        </div>
      </div>

      {overview.isPending ? (
        <div role="status" className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 md:grid-cols-4">
          <span className="sr-only">{t('loading')}</span>
          {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : overview.isError || !overview.data ? (
        <TabLoadFailed
          message={t('failed')}
          onRetry={() => overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : (
        <KpiCards overview={overview.data} />
      )}

      <Tabs defaultValue="financial" className="grid min-w-0 grid-cols-1 gap-4">
        <div className="overflow-x-auto">
          <TabsList>
            {TABS.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {t(`tabs.${tab}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="financial" className="min-w-0">
          <FinancialTab period={period} />
        </TabsContent>
        <TabsContent value="compliance" className="min-w-0">
          <ComplianceTab period={period} />
        </TabsContent>
        <TabsContent value="support" className="min-w-0">
          <SupportDesk period={period} />
        </TabsContent>
        <TabsContent value="risk" className="min-w-0">
          <RiskTab period={period} />
        </TabsContent>
        <TabsContent value="reports" className="min-w-0">
          <ReportsTab period={period} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function OperatorsOnly() {
  const { t } = useTranslation('businessOperations');
  return (
    <Card className="mx-auto max-w-lg text-center" data-testid="operators-only">
      <CardContent className="flex flex-col items-center gap-3 p-10">
        <ShieldAlert aria-hidden className="size-10 text-amber-600" />
        <h1 className="text-xl font-semibold">{t('onlyTitle')}</h1>
        <p className="text-slate-600">{t('onlyBody')}</p>
        <Button asChild variant="secondary">
          <Link href="/dashboard">{t('back')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
