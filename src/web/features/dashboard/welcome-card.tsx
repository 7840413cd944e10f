import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import type { DashboardData } from './types.ts';

/** Greeting and the three headline figures. */
export function WelcomeCard({ name, stats }: { name: string; stats: DashboardData['stats'] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const figures = [
    { label: t('welcome.totalSaved'), value: format.money(stats.totalSaved) },
    { label: t('welcome.activeGroups'), value: format.number(stats.activeGroups) },
    {
      label: t('welcome.onTimeRate'),
      value: stats.onTimeRate === null ? '—' : format.percent(stats.onTimeRate),
      hint: stats.onTimeRate === null ? t('welcome.onTimeNone') : undefined,
    },
  ];
  return (
    <Card className="border-0 bg-gradient-to-br from-brand-700 to-brand-900 text-white">
      <CardContent className="p-6">
        <h1 className="text-2xl font-bold">{t('welcome.title', { name })}</h1>
        <p className="mt-1 text-brand-100">{t('welcome.subtitle')}</p>
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {figures.map((figure, index) => (
            <div
              key={figure.label}
              className={cn('min-w-0 rounded-xl bg-white/10 p-3', index === 0 && 'col-span-2 sm:col-span-1')}
            >
              <dt className="text-xs text-brand-100 sm:text-sm">{figure.label}</dt>
              <dd className="mt-1 text-xl font-bold break-words sm:text-2xl">{figure.value}</dd>
              {figure.hint && <dd className="mt-1 text-xs text-brand-100">{figure.hint}</dd>}
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
