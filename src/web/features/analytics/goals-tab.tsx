import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsReply } from '#shared/schemas/analytics.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ProgressBar, progressPercent } from '#web/components/ui/progress-bar.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
// The dashboard's own goal dialog and endpoint: one place edits the goal.
import { GoalDialog } from '#web/features/dashboard/goal-dialog.tsx';
import { toCents, useFormat } from '#web/lib/format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { monthLabel } from './month-label.ts';

/** The member's savings goal: all they have saved toward the target, and each month against the monthly goal. */
export function GoalsTab({ data }: { data: AnalyticsReply }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const goal = data.goal;
  const saved = toCents(goal.totalSaved);
  const target = toCents(goal.target);
  const monthly = toCents(goal.monthly);
  const months = data.months.map((m) => ({
    ...m,
    short: monthLabel(m.month, format.locale, 'short'),
    long: monthLabel(m.month, format.locale, 'long'),
    cents: toCents(m.contributed),
  }));
  const met = months.filter((m) => m.cents >= monthly).length;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('goals.title')}</CardTitle>
          <GoalDialog goal={goal} />
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <ProgressBar value={saved} max={target} label={t('goals.progressLabel')} />
          <p className="text-sm text-slate-700">
            {t('goals.progress', {
              saved: format.money(saved),
              target: format.money(target),
              percent: format.percent(progressPercent(saved, target), 0),
            })}
          </p>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Stat compact label={t('goals.target')} value={format.money(goal.target)} />
            <Stat compact label={t('goals.monthly')} value={format.money(goal.monthly)} />
            <Stat compact label={t('goals.remaining')} value={format.money(Math.max(0, target - saved))} />
          </dl>
          {goal.isDefault && <p className="text-xs text-slate-600">{t('goals.defaultNote')}</p>}
        </CardContent>
      </Card>
      <ChartFigure
        title={t('goals.byMonth')}
        subtitle={t('goals.byMonthSubtitle', { goal: format.money(goal.monthly) })}
        summary={t('goals.summary', { met, months: months.length })}
        columns={[t('chart.month'), t('goals.contributed'), t('goals.monthly'), t('goals.reached')]}
        rows={months.map((m) => ({
          key: m.month,
          cells: [
            m.long,
            format.money(m.cents),
            format.money(monthly),
            m.cents >= monthly ? t('goals.yes') : t('goals.no'),
          ],
        }))}
        chart={
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={months}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="short" tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={(v: number) => format.moneyShort(v)} tick={{ fontSize: 12 }} width={56} />
              <Tooltip formatter={(value) => format.money(Number(value))} />
              <ReferenceLine y={monthly} stroke="#f59e0b" strokeDasharray="4 4" />
              <Bar dataKey="cents" name={t('goals.contributed')} fill="var(--color-brand-600)" />
            </BarChart>
          </ResponsiveContainer>
        }
      />
    </div>
  );
}
