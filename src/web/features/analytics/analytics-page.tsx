import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useCurrentUser } from '#web/features/auth/use-auth.ts';
import { ContributionsTab } from './contributions-tab.tsx';
import { DashboardTab } from './dashboard-tab.tsx';
import { ExportReportButton } from './export-report.tsx';
import { GoalsTab } from './goals-tab.tsx';
import { analyticsQueries } from './queries.ts';
import { ReportsTab } from './reports-tab.tsx';

const TABS = ['dashboard', 'contributions', 'goals', 'reports'] as const;

/** /analytics (spec 001 §2.4): the member's own figures, from their contributions, payouts and ledger. */
export default function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const { user } = useCurrentUser();
  const figures = useQuery({ ...analyticsQueries.figures(), enabled: Boolean(user) });

  const needsFigures = (content: (data: NonNullable<typeof figures.data>) => ReactNode) => {
    if (figures.isPending) return <TabSkeleton label={t('loading')} />;
    if (figures.isError)
      return (
        <TabLoadFailed
          message={t('loadFailed')}
          onRetry={() => figures.refetch()}
          retrying={figures.isFetching}
        />
      );
    return content(figures.data);
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="text-slate-600">{t('subtitle')}</p>
        </div>
        <ExportReportButton icon={<Download aria-hidden />} />
      </div>
      <Tabs defaultValue="dashboard" className="grid min-w-0 grid-cols-1 gap-4">
        <div className="overflow-x-auto">
          <TabsList className="min-w-max">
            {TABS.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {t(`tabs.${tab}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="dashboard">
          {needsFigures((data) => (
            <DashboardTab data={data} />
          ))}
        </TabsContent>
        <TabsContent value="contributions">{user && <ContributionsTab userId={user.id} />}</TabsContent>
        <TabsContent value="goals">
          {needsFigures((data) => (
            <GoalsTab data={data} />
          ))}
        </TabsContent>
        <TabsContent value="reports">
          {needsFigures((data) => (
            <ReportsTab data={data} />
          ))}
        </TabsContent>
      </Tabs>
    </div>
  );
}
