import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { toCents, useFormat } from '#web/lib/format.ts';
import type { DashboardData } from './types.ts';

/** Six months of contributions as plain bars, with a table for screen readers. */
export function ContributionChart({ history }: { history: DashboardData['contributionHistory'] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const short = new Intl.DateTimeFormat(format.locale, { month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const rows = history.map(({ month, amount }) => {
    const [year, m] = month.split('-').map(Number);
    const middle = new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 15));
    return { month, label: short.format(middle), fullLabel: long.format(middle), cents: toCents(amount) };
  });
  const max = Math.max(0, ...rows.map((r) => r.cents));
  return (
    <Card>
      <CardHeader>
        <CardTitle id="chart-title">{t('chart.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('chart.subtitle')}</p>
      </CardHeader>
      <CardContent>
        <div aria-hidden className="flex h-48 items-end gap-2 border-b border-slate-200 sm:gap-4">
          {rows.map((row) => (
            <div
              key={row.month}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
            >
              {row.cents > 0 && (
                <span className="text-[11px] font-medium text-slate-700 sm:text-xs">
                  {format.moneyShort(row.cents)}
                </span>
              )}
              <div
                className="w-full max-w-12 rounded-t-md bg-brand-600"
                style={{ height: max > 0 ? `${Math.max(2, (row.cents / max) * 85)}%` : '2%' }}
              />
            </div>
          ))}
        </div>
        <div aria-hidden className="mt-2 flex gap-2 sm:gap-4">
          {rows.map((row) => (
            <span key={row.month} className="min-w-0 flex-1 truncate text-center text-xs text-slate-600">
              {row.label}
            </span>
          ))}
        </div>
        {max === 0 && <p className="mt-3 text-center text-sm text-slate-600">{t('chart.empty')}</p>}
        {/* sr-only on the wrapper: a table is never narrower than its content, so an sr-only table
            kept its full width and made the dashboard wider than a 320 px phone. */}
        <div className="sr-only">
          <table>
            <caption>{t('chart.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart.month')}</th>
                <th scope="col">{t('chart.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.month}>
                  <td>{row.fullLabel}</td>
                  <td>{format.money(row.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
