import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { EnforcementRules } from './enforcement-rules.tsx';
import { MemberMonitoring } from './member-monitoring.tsx';
import { MonitoringSummary } from './monitoring-summary.tsx';
import { paymentMonitoringQueries } from './queries.ts';

function PaymentsContent({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('paymentsMonitor');
  const errorText = useErrorText();
  const query = useQuery(paymentMonitoringQueries.group(detail.group.id));
  if (query.isPending) return <TabSkeleton label={t('loading')} testId="payments-loading" />;
  if (query.isError)
    return (
      <TabLoadFailed
        message={t('loadFailed')}
        detail={errorText(query.error, 'paymentsMonitor:toast.tryAgain')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const data = query.data;
  if (data.groupStatus === 'recruiting')
    return (
      <Card>
        <CardContent className="grid gap-1 p-8 text-center" data-testid="payments-empty">
          <p className="font-semibold text-slate-900">{t('empty.title')}</p>
          <p className="text-sm text-slate-600">{t('empty.body')}</p>
        </CardContent>
      </Card>
    );
  return (
    <div className="grid gap-6" data-testid="payments-tab">
      <MonitoringSummary data={data} />
      <div className={data.rules ? 'grid items-start gap-6 lg:grid-cols-3' : 'grid gap-6'}>
        <div className={data.rules ? 'lg:col-span-2' : undefined}>
          <MemberMonitoring data={data} detail={detail} />
        </div>
        {data.rules && <EnforcementRules rules={data.rules} groupId={detail.group.id} />}
      </div>
    </div>
  );
}

/** The Payments tab: compliance, overdue and at-risk figures, each member's record, enforcement. */
export function PaymentsTab({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  return (
    <Suspense fallback={<TabSkeleton label={t('groupPage:loading')} />}>
      <PaymentsContent detail={detail} />
    </Suspense>
  );
}
