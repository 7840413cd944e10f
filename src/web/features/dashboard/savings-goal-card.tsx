import { Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { toCents, useFormat } from '#web/lib/format.ts';
import { GoalDialog } from './goal-dialog.tsx';
import { ProgressRing } from './progress-ring.tsx';
import type { DashboardData } from './types.ts';

/** Total saved against the user's own target, and this month against the monthly goal. */
export function SavingsGoalCard({ data }: { data: DashboardData }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const goal = data.savingsGoal;
  const saved = toCents(data.stats.totalSaved);
  const target = toCents(goal.target);
  const percent = target > 0 ? Math.min(100, Math.floor((saved * 100) / target)) : 0;
  const thisMonth = data.contributionHistory.at(-1)?.amount ?? '0.00';
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Target className="size-5 text-brand-700" />
          {t('goal.title')}
        </CardTitle>
        <GoalDialog goal={goal} />
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {/* Wraps: beside the 144 px ring, a 320 px phone has no room for the figure ("1,050.00 US$"). */}
        <div className="flex flex-wrap items-center gap-4">
          <ProgressRing percent={percent} label={format.percent(percent)} />
          <div className="min-w-0">
            <p className="text-2xl font-bold text-slate-900">{format.money(saved)}</p>
            <p className="text-sm text-slate-600">
              {t('goal.ofTarget', { target: format.money(goal.target) })}
            </p>
            <p className="mt-2 text-sm font-medium text-brand-800">
              {saved >= target
                ? t('goal.reached')
                : t('goal.remaining', { amount: format.money(target - saved) })}
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 text-sm">
          <Stat compact label={t('goal.monthly')}>
            {format.money(goal.monthly)}
          </Stat>
          <Stat compact label={t('goal.thisMonth')}>
            {format.money(thisMonth)}
          </Stat>
        </dl>
        {goal.isDefault && <p className="text-xs text-slate-600">{t('goal.defaultNote')}</p>}
      </CardContent>
    </Card>
  );
}
