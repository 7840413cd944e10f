import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';
import { analyticsQueries } from './queries.ts';
import { dayIn, saveFile } from './save-file.ts';

/**
 * The spec's 'Export Report': a JSON file named analytics plus the date, with the period 'Last 6
 * months', a generated timestamp and the summary, all fresh from the server.
 */
export function ExportReportButton(props: { variant?: ButtonProps['variant']; icon?: ReactNode }) {
  const { t } = useTranslation('analytics');
  const queryClient = useQueryClient();
  const exportReport = useActionMutation({
    mutationFn: async () => {
      const report = await queryClient.fetchQuery({ ...analyticsQueries.figures(), staleTime: 0 });
      const file = {
        period: report.period,
        generatedAt: report.generatedAt,
        timeZone: report.timeZone,
        summary: report.summary,
        months: report.months,
        circles: report.circles,
      };
      saveFile(
        `analytics-${dayIn(report.generatedAt, report.timeZone)}.json`,
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
      );
    },
    success: () => ({ title: t('reports.downloaded') }),
    failure: { title: t('reports.downloadFailed'), fallbackKey: 'analytics:reports.tryAgain' },
  });
  return (
    <Button variant={props.variant} disabled={exportReport.isPending} onClick={() => exportReport.mutate()}>
      {props.icon}
      {exportReport.isPending ? t('reports.exporting') : t('reports.export')}
    </Button>
  );
}
