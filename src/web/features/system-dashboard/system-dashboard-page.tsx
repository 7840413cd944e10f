import { useQuery } from '@tanstack/react-query';
import { Activity, Cpu, Plug, RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITORING_TIMEFRAMES, type MonitoringReply } from '#shared/schemas/monitoring.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { ApiError, getJson } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { DatabaseTab } from './database-tab.tsx';
import { FigureChart } from './figure-chart.tsx';
import { SeriesChart } from './series-chart.tsx';
import { SystemTab } from './system-tab.tsx';

type Timeframe = (typeof MONITORING_TIMEFRAMES)[number];

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const STATUS_STYLE = {
  healthy: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-900',
  critical: 'bg-red-100 text-red-900',
} as const;

/** /admin: the server's measured figures, for operators (spec 001 §2.5); refreshed every 30 seconds. */
export default function SystemDashboardPage() {
  const { t } = useTranslation('systemDashboard');
  const errorText = useErrorText();
  const [timeframe, setTimeframe] = useState<Timeframe>('1h');
  const query = useQuery({
    queryKey: ['admin-monitoring', timeframe],
    queryFn: getJson<MonitoringReply>(`/api/admin/monitoring?timeframe=${timeframe}`),
    refetchInterval: 30_000,
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });

  if (query.error instanceof ApiError && query.error.status === 403)
    return (
      <Card role="alert" data-testid="admin-forbidden">
        <CardContent className="grid gap-2 p-8 text-center">
          <h1 className="text-xl font-bold text-slate-900">{t('forbiddenTitle')}</h1>
          <p className="text-slate-700">{t('forbiddenBody')}</p>
        </CardContent>
      </Card>
    );

  const data = query.data;
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-slate-900">
            {t('title')}
            {data && (
              <Badge className={STATUS_STYLE[data.system.status]} data-testid="system-status">
                {t(`status.${data.system.status}`)}
              </Badge>
            )}
          </h1>
          <p className="text-sm text-slate-600">{t('intro')}</p>
          {data && (
            <p className="text-xs text-slate-600">
              {t('lastUpdated', { time: new Date(data.system.lastUpdated).toLocaleTimeString() })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {t('timeframe')}
            <select
              className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
              value={timeframe}
              onChange={(event) => setTimeframe(event.target.value as Timeframe)}
            >
              {MONITORING_TIMEFRAMES.map((value) => (
                <option key={value} value={value}>
                  {t(`timeframes.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw aria-hidden className={cn('size-4', query.isFetching && 'animate-spin')} />
            {query.isFetching ? t('refreshing') : t('refresh')}
          </Button>
        </div>
      </header>

      {query.isPending && <TabSkeleton label={t('loading')} cards={3} />}
      {query.isError && !data && (
        <TabLoadFailed
          message={t('failed')}
          detail={errorText(query.error, 'systemDashboard:failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {data && <Figures data={data} onChanged={() => void query.refetch()} />}
    </div>
  );
}

function Figures({ data, onChanged }: { data: MonitoringReply; onChanged: () => void }) {
  const { t } = useTranslation('systemDashboard');
  const format = useFormat();
  const { system, performance, security, database, series, timeframe } = data;
  const timeframeName = t(`timeframes.${timeframe}`);
  const hours = Math.floor(system.uptime / 3600);
  const minutes = Math.floor((system.uptime % 3600) / 60);
  const toRows = (record: Record<string, number>) =>
    Object.entries(record).map(([label, value]) => ({ label, value }));
  return (
    <>
      <Card>
        <CardContent className="p-5">
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <Stat label={t('uptime')} icon={Activity} value={t('uptimeValue', { hours, minutes })} />
            <Stat
              label={t('memory')}
              icon={Cpu}
              value={t('percent', { value: system.memoryUsage.percentage })}
              hint={t('memoryValue', system.memoryUsage)}
            />
            <Stat label={t('connections')} icon={Plug} value={system.activeConnections.toLocaleString()} />
            <Stat
              label={t('errorRate')}
              icon={TriangleAlert}
              value={t('percent', { value: performance.errorRate })}
            />
          </dl>
        </CardContent>
      </Card>

      <Tabs defaultValue="performance" className="grid gap-4">
        <div className="overflow-x-auto">
          <TabsList>
            {(['performance', 'security', 'database', 'system'] as const).map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {t(`tabs.${tab}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>

        <TabsContent value="performance" className="grid gap-4">
          <Card>
            <CardContent className="grid gap-6 p-5">
              <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
                <Stat label={t('totalRequests')} value={performance.totalRequests.toLocaleString()} />
                <Stat
                  label={t('averageResponseTime')}
                  value={t('milliseconds', { value: performance.averageResponseTime })}
                />
                <Stat label={t('slowRequests')} value={performance.slowRequests.toLocaleString()} />
              </dl>
              <SeriesChart
                title={t('series.requestsTitle')}
                summary={t('series.requestsSummary', {
                  timeframe: timeframeName,
                  requests: format.number(performance.totalRequests),
                  errors: format.number(sum(series.map((b) => b.errors))),
                })}
                timeframe={timeframe}
                series={series}
                lines={[
                  { key: 'requests', name: t('series.requests'), color: '#0f766e' },
                  { key: 'errors', name: t('series.errors'), color: '#dc2626' },
                ]}
                testId="requests-over-time"
              />
              <SeriesChart
                title={t('series.responseTitle')}
                summary={t('series.responseSummary', {
                  timeframe: timeframeName,
                  average: format.number(performance.averageResponseTime),
                })}
                timeframe={timeframe}
                series={series}
                lines={[
                  {
                    key: 'averageResponseTime',
                    name: t('averageResponseTime'),
                    color: '#7c3aed',
                    format: (value) => t('milliseconds', { value: format.number(value) }),
                  },
                ]}
              />
              <FigureChart
                title={t('byStatus')}
                rows={toRows(performance.requestsByStatus)}
                labelHeading={t('statusColumn')}
                valueHeading={t('countColumn')}
                empty={t('noRequests')}
              />
              <FigureChart
                title={t('byRoute')}
                rows={toRows(performance.requestsByPath).slice(0, 10)}
                labelHeading={t('routeColumn')}
                valueHeading={t('countColumn')}
                empty={t('noRequests')}
              />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="security">
          <Card>
            <CardContent className="grid gap-6 p-5">
              <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
                <Stat label={t('suspiciousRequests')} value={security.suspiciousRequests.toLocaleString()} />
                <Stat label={t('rateLimitHits')} value={security.rateLimitHits.toLocaleString()} />
                <Stat label={t('blockedIPs')} value={security.blockedIPsCount.toLocaleString()} />
                <Stat label={t('watchedIPs')} value={security.activeIPMonitoring.toLocaleString()} />
                <Stat
                  label={t('lastSecurityEvent')}
                  value={
                    security.lastSecurityEvent
                      ? new Date(security.lastSecurityEvent).toLocaleString()
                      : t('never')
                  }
                />
              </dl>
              <SeriesChart
                title={t('series.suspiciousTitle')}
                summary={t('series.suspiciousSummary', {
                  timeframe: timeframeName,
                  refused: format.number(security.suspiciousRequests),
                })}
                timeframe={timeframe}
                series={series}
                lines={[{ key: 'suspicious', name: t('suspiciousRequests'), color: '#b45309' }]}
              />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="database">
          <DatabaseTab database={database} onChanged={onChanged} />
        </TabsContent>

        <TabsContent value="system">
          <SystemTab data={data} />
        </TabsContent>
      </Tabs>
    </>
  );
}
