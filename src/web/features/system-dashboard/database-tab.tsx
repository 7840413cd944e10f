import { CircleCheck, RotateCcw, Scale, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonitoringReply } from '#shared/schemas/monitoring.ts';
import type { JobRetryReply, LedgerCheckReply } from '#shared/schemas/system-admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { useFormat } from '#web/lib/format.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { FigureChart } from './figure-chart.tsx';

type Database = MonitoringReply['database'];

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

const cell = 'py-1 pe-4 text-end tabular-nums';
const heading = 'py-1 pe-4 text-end font-medium';

/**
 * The database tab: engine and size, connection pool, largest tables, job queues with the latest
 * failed jobs (each can be retried), both outboxes, and the ledger check on demand.
 * `onChanged` refreshes the figures after a retry.
 */
export function DatabaseTab({ database, onChanged }: { database: Database; onChanged: () => void }) {
  const { t } = useTranslation('systemDashboard');
  const format = useFormat();
  return (
    <Card>
      <CardContent className="grid gap-6 p-5">
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
          <Stat label={t('engine')} value={t(`engines.${database.engine}`)} />
          <Stat label={t('databaseSize')} value={t('megabytes', { value: megabytes(database.sizeBytes) })} />
          <Stat
            label={t('pool.title')}
            value={
              database.pool
                ? t('pool.inUse', {
                    used: format.number(database.pool.total - database.pool.idle),
                    max: format.number(database.pool.max),
                  })
                : t('pool.embedded')
            }
            hint={
              database.pool
                ? t('pool.detail', {
                    total: format.number(database.pool.total),
                    idle: format.number(database.pool.idle),
                    waiting: format.number(database.pool.waiting),
                  })
                : t('pool.embeddedHint')
            }
          />
        </dl>
        <LedgerCheck />
        <FigureChart
          title={t('largestTables')}
          rows={database.largestTables.map((table) => ({
            label: table.name,
            value: megabytes(table.sizeBytes),
          }))}
          labelHeading={t('tableColumn')}
          valueHeading={t('sizeColumn')}
          empty={t('never')}
        />
        <Queues database={database} />
        <FailedJobs jobs={database.failedJobs} onChanged={onChanged} />
        <Outbox outbox={database.outbox} />
      </CardContent>
    </Card>
  );
}

function Queues({ database }: { database: Database }) {
  const { t } = useTranslation('systemDashboard');
  return (
    <section className="grid gap-2">
      <h2 className="font-semibold text-slate-900">{t('queues')}</h2>
      {database.queues.length === 0 ? (
        <p className="text-sm text-slate-600">{t('noQueues')}</p>
      ) : (
        <ScrollRegion label={t('queues')}>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1 pe-4 text-start font-medium">
                  {t('queueColumn')}
                </th>
                <th scope="col" className={heading}>
                  {t('waiting')}
                </th>
                <th scope="col" className={heading}>
                  {t('active')}
                </th>
                <th scope="col" className={heading}>
                  {t('failedJobs')}
                </th>
              </tr>
            </thead>
            <tbody>
              {database.queues.map((queue) => (
                <tr key={queue.queue} className="border-b border-slate-100">
                  <td dir="ltr" className="py-1 pe-4 text-start font-mono text-xs">
                    {queue.queue}
                  </td>
                  <td className={cell}>{queue.waiting}</td>
                  <td className={cell}>{queue.active}</td>
                  <td className={cell}>{queue.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

function FailedJobs({ jobs, onChanged }: { jobs: Database['failedJobs']; onChanged: () => void }) {
  const { t } = useTranslation('systemDashboard');
  const format = useFormat();
  const retry = useActionMutation({
    mutationFn: (job: { queue: string; id: string }): Promise<JobRetryReply> =>
      apiRequest(
        'POST',
        `/api/admin/jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`,
      ),
    success: () => ({ title: t('retry.done') }),
    failure: { title: t('retry.failed'), fallbackKey: 'systemDashboard:retry.failed' },
    onSettled: onChanged,
  });
  return (
    <section className="grid gap-2" data-testid="failed-jobs">
      <h2 className="font-semibold text-slate-900">{t('retry.title')}</h2>
      {jobs.length === 0 ? (
        <p className="text-sm text-slate-600">{t('retry.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {jobs.map((job) => (
            <li
              key={job.id}
              className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-200 p-3"
            >
              <div className="grid min-w-0 gap-1 text-sm">
                <p className="flex flex-wrap gap-x-3">
                  <span dir="ltr" className="font-mono text-xs font-semibold">
                    {job.queue}
                  </span>
                  <span className="text-slate-600">
                    {t('retry.failedAt', { time: format.instant(job.failedAt) })}
                  </span>
                </p>
                <p dir="ltr" className="font-mono text-xs break-all text-slate-500">
                  {job.id}
                </p>
                {job.error && <p className="break-words text-slate-700">{job.error}</p>}
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={retry.isPending}
                onClick={() => retry.mutate(job)}
                aria-label={t('retry.label', { queue: job.queue, time: format.instant(job.failedAt) })}
              >
                <RotateCcw aria-hidden className="size-4" />
                {t('retry.button')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Outbox({ outbox }: { outbox: Database['outbox'] }) {
  const { t } = useTranslation('systemDashboard');
  const format = useFormat();
  const age = (seconds: number | null) =>
    seconds === null
      ? t('outbox.noneWaiting')
      : seconds < 3600
        ? t('outbox.minutes', { value: format.number(Math.floor(seconds / 60)) })
        : t('outbox.hours', { value: format.number(Math.floor(seconds / 3600)) });
  return (
    <section className="grid gap-2">
      <h2 className="font-semibold text-slate-900">{t('outbox.title')}</h2>
      <ScrollRegion label={t('outbox.title')}>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 pe-4 text-start font-medium">
                {t('outbox.kind')}
              </th>
              <th scope="col" className={heading}>
                {t('outbox.pending')}
              </th>
              <th scope="col" className={heading}>
                {t('outbox.failed')}
              </th>
              <th scope="col" className={heading}>
                {t('outbox.oldest')}
              </th>
            </tr>
          </thead>
          <tbody>
            {(['email', 'messages'] as const).map((kind) => (
              <tr key={kind} className="border-b border-slate-100">
                <th scope="row" className="py-1 pe-4 text-start font-normal">
                  {t(`outbox.${kind}`)}
                </th>
                <td className={cell}>{format.number(outbox[kind].pending)}</td>
                <td className={cell}>{format.number(outbox[kind].failed)}</td>
                <td className={cell}>{age(outbox[kind].oldestPendingSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

function LedgerCheck() {
  const { t } = useTranslation('systemDashboard');
  const format = useFormat();
  const errorText = useErrorText();
  const check = useActionMutation({
    mutationFn: (): Promise<LedgerCheckReply> => apiRequest('POST', '/api/admin/ledger-check'),
    success: { shownOnScreen: 'the result of the check under the button' },
    failure: { shownOnScreen: 'the reason under the button' },
  });
  const result = check.data;
  const titleId = useId();
  return (
    <section className="grid gap-2" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-slate-900">
          {t('ledger.title')}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => check.mutate()} disabled={check.isPending}>
          <Scale aria-hidden className="size-4" />
          {check.isPending ? t('ledger.checking') : t('ledger.button')}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{t('ledger.intro')}</p>
      <div aria-live="polite" className="grid gap-2">
        {check.isError && (
          <p role="alert" className="text-sm text-red-800">
            {errorText(check.error, 'systemDashboard:ledger.failed')}
          </p>
        )}
        {result?.ok && (
          <p className="flex items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
            <CircleCheck aria-hidden className="size-4 shrink-0" />
            {t('ledger.balanced', {
              time: format.instant(result.checkedAt),
              ms: format.number(result.durationMs),
            })}
          </p>
        )}
        {result && !result.ok && (
          <div className="grid gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">
            <p className="flex items-center gap-2 font-medium">
              <TriangleAlert aria-hidden className="size-4 shrink-0" />
              {t('ledger.problems', {
                number: format.number(result.problems.length),
                time: format.instant(result.checkedAt),
              })}
            </p>
            <ul className="grid list-disc gap-1 ps-5">
              {result.problems.map((problem) => (
                <li key={problem} dir="ltr" className="text-start font-mono text-xs break-words">
                  {problem}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
