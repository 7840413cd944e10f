import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Download, FileJson, FileSpreadsheet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnalyticsReply, type ReportSchedule, statementQuerySchema } from '#shared/schemas/analytics.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FieldError, Input, Label } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { TabLoadFailed } from '#web/components/ui/tab-states.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { ExportReportButton } from './export-report.tsx';
import { monthLabel } from './month-label.ts';
import { analyticsQueries } from './queries.ts';
import { dayIn, downloadCsv } from './save-file.ts';

/** Export the report, download a statement for a period, and the monthly statement by email. */
export function ReportsTab({ data }: { data: AnalyticsReply }) {
  const { t } = useTranslation('analytics');
  const today = dayIn(data.generatedAt, data.timeZone);
  const [from, setFrom] = useState(`${data.months[0]?.month ?? today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [invalid, setInvalid] = useState<string | null>(null);
  const reportCsv = useActionMutation({
    mutationFn: () => downloadCsv('/api/user/analytics/report.csv', `analytics-${today}.csv`),
    success: () => ({ title: t('reports.downloaded') }),
    failure: { title: t('reports.downloadFailed'), fallbackKey: 'analytics:reports.tryAgain' },
  });
  const statement = useActionMutation({
    mutationFn: (period: { from: string; to: string }) =>
      downloadCsv(
        `/api/user/analytics/statement.csv?${new URLSearchParams(period)}`,
        `statement-${period.from}-to-${period.to}.csv`,
      ),
    success: () => ({ title: t('reports.downloaded') }),
    failure: { title: t('reports.downloadFailed'), fallbackKey: 'analytics:reports.tryAgain' },
  });
  const submitStatement = (event: FormEvent) => {
    event.preventDefault();
    const parsed = statementQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'invalidDate';
      setInvalid(t(`common:validation.${key}`, { defaultValue: t('common:validation.invalidDate') }));
      return;
    }
    setInvalid(null);
    statement.mutate(parsed.data);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('reports.exportTitle')}</CardTitle>
          <p className="text-sm text-slate-600">{t('reports.exportBody')}</p>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <ExportReportButton variant="secondary" icon={<FileJson aria-hidden />} />
          <Button variant="secondary" disabled={reportCsv.isPending} onClick={() => reportCsv.mutate()}>
            <FileSpreadsheet aria-hidden />
            {reportCsv.isPending ? t('reports.downloading') : t('reports.exportCsv')}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('reports.statementTitle')}</CardTitle>
          <p className="text-sm text-slate-600">{t('reports.statementBody')}</p>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            onSubmit={submitStatement}
            noValidate
          >
            <div className="grid gap-1.5">
              <Label htmlFor="statement-from">{t('reports.from')}</Label>
              <Input
                id="statement-from"
                type="date"
                value={from}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? 'statement-error' : undefined}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="statement-to">{t('reports.to')}</Label>
              <Input
                id="statement-to"
                type="date"
                value={to}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? 'statement-error' : undefined}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={statement.isPending}>
              <Download aria-hidden />
              {statement.isPending ? t('reports.downloading') : t('reports.downloadStatement')}
            </Button>
          </form>
          <FieldError id="statement-error" message={invalid ?? undefined} />
        </CardContent>
      </Card>

      <ScheduledReports />
    </div>
  );
}

/** The member's scheduled reports, each Active or Inactive, with its switch. */
function ScheduledReports() {
  const { t } = useTranslation('analytics');
  const queryClient = useQueryClient();
  const { locale } = useFormat();
  const query = useQuery(analyticsQueries.schedules());
  const change = useActionMutation({
    mutationFn: (next: { kind: ReportSchedule['kind']; active: boolean }) =>
      apiRequest('PUT', `/api/user/report-schedules/${next.kind}`, { active: next.active }),
    success: (_reply, next) => ({ title: next.active ? t('schedules.turnedOn') : t('schedules.turnedOff') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsQueries.schedules().queryKey }),
    failure: { title: t('schedules.failed'), fallbackKey: 'analytics:reports.tryAgain' },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden className="size-5 text-brand-700" />
          {t('schedules.title')}
        </CardTitle>
        <p className="text-sm text-slate-600">{t('schedules.body')}</p>
      </CardHeader>
      <CardContent>
        {query.isPending && <Skeleton className="h-16" />}
        {query.isError && (
          <TabLoadFailed
            message={t('schedules.loadFailed')}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        )}
        {query.isSuccess && (
          <ul className="grid gap-3">
            {query.data.schedules.map((s) => (
              <li
                key={s.kind}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span id={`schedule-${s.kind}`}>{t(`schedules.kinds.${s.kind}`)}</span>
                    <Badge className={cn(!s.active && 'bg-slate-100 text-slate-700')}>
                      {s.active ? t('schedules.active') : t('schedules.inactive')}
                    </Badge>
                  </p>
                  <p className="text-sm text-slate-600">
                    {s.lastSentPeriod
                      ? t('schedules.lastSent', { month: monthLabel(s.lastSentPeriod, locale, 'long') })
                      : t('schedules.neverSent')}
                  </p>
                </div>
                <Switch
                  aria-labelledby={`schedule-${s.kind}`}
                  checked={s.active}
                  disabled={change.isPending}
                  onCheckedChange={(active) => change.mutate({ kind: s.kind, active })}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
