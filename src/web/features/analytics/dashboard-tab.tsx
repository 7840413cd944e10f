import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsReply } from '#shared/schemas/analytics.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { toCents, useFormat } from '#web/lib/format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { monthLabel } from './month-label.ts';

const BRAND = 'var(--color-brand-600)';
const SECOND = '#f59e0b';
const LATE = '#dc2626';

/** The member's figures over the last six months: totals, savings over time, on time, per circle. */
export function DashboardTab({ data }: { data: AnalyticsReply }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const s = data.summary;
  const months = data.months.map((m) => ({
    ...m,
    short: monthLabel(m.month, format.locale, 'short'),
    long: monthLabel(m.month, format.locale, 'long'),
    cumulativeCents: toCents(m.cumulative),
  }));
  const circles = data.circles.map((c) => ({
    ...c,
    paidInCents: toCents(c.paidIn),
    receivedCents: toCents(c.received),
  }));
  const money = (cents: number) => format.moneyShort(cents);
  const last = months.at(-1);
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardContent className="p-5">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Stat label={t('stats.contributed')} value={format.money(s.totalContributed)} />
            <Stat label={t('stats.received')} value={format.money(s.totalReceived)} />
            <Stat label={t('stats.net')} value={format.money(s.net)} />
            <Stat
              label={t('stats.onTimeRate')}
              value={s.onTimeRate === null ? t('stats.noPayments') : format.percent(s.onTimeRate, 0)}
              hint={t('stats.onTimeHint', { onTime: s.paidOnTime, total: s.contributionsPaid })}
            />
          </dl>
        </CardContent>
      </Card>

      <ChartFigure
        title={t('savings.title')}
        subtitle={t('savings.subtitle')}
        summary={t('savings.summary', { amount: format.money(last?.cumulative ?? '0.00') })}
        columns={[t('chart.month'), t('savings.contributed'), t('savings.cumulative')]}
        rows={months.map((m) => ({
          key: m.month,
          cells: [m.long, format.money(m.contributed), format.money(m.cumulative)],
        }))}
        empty={s.contributionsPaid === 0 ? t('onTime.empty') : undefined}
        chart={
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart
              accessibilityLayer={false}
              data={months}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="short" tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={money} tick={{ fontSize: 12 }} width={56} />
              <Tooltip formatter={(value) => format.money(Number(value))} labelFormatter={String} />
              <Area
                type="monotone"
                dataKey="cumulativeCents"
                name={t('savings.cumulative')}
                stroke={BRAND}
                fill={BRAND}
                fillOpacity={0.2}
              />
            </AreaChart>
          </ResponsiveContainer>
        }
      />

      <ChartFigure
        title={t('onTime.title')}
        subtitle={t('onTime.subtitle')}
        summary={t('onTime.summary', { onTime: s.paidOnTime, late: s.paidLate })}
        columns={[t('chart.month'), t('onTime.onTime'), t('onTime.late')]}
        rows={months.map((m) => ({
          key: m.month,
          cells: [m.long, format.number(m.paidOnTime), format.number(m.paidLate)],
        }))}
        empty={s.contributionsPaid === 0 ? t('onTime.empty') : undefined}
        chart={
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={months}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="short" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
              <Tooltip />
              <Legend />
              <Bar dataKey="paidOnTime" stackId="paid" name={t('onTime.onTime')} fill={BRAND} />
              <Bar dataKey="paidLate" stackId="paid" name={t('onTime.late')} fill={LATE} />
            </BarChart>
          </ResponsiveContainer>
        }
      />

      <ChartFigure
        title={t('circles.title')}
        subtitle={t('circles.subtitle')}
        summary={t('circles.summary', { count: circles.length })}
        columns={[t('circles.circle'), t('circles.paidIn'), t('circles.received')]}
        rows={circles.map((c) => ({
          key: String(c.groupId),
          cells: [c.groupName, format.money(c.paidIn), format.money(c.received)],
        }))}
        empty={circles.length === 0 ? t('circles.empty') : undefined}
        chart={
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={circles}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="groupName" tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={money} tick={{ fontSize: 12 }} width={56} />
              <Tooltip formatter={(value) => format.money(Number(value))} />
              <Legend />
              <Bar dataKey="paidInCents" name={t('circles.paidIn')} fill={BRAND} />
              <Bar dataKey="receivedCents" name={t('circles.received')} fill={SECOND} />
            </BarChart>
          </ResponsiveContainer>
        }
      />
    </div>
  );
}
