import { Lock, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { isolate, toCents, useFormat } from '#web/lib/format.ts';
import type { DashboardData } from './types.ts';

/** The four savings milestones: reached (with the date) or still locked (with what is left). */
export function MilestonesCard({ data }: { data: DashboardData }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const saved = toCents(data.stats.totalSaved);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('milestones.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-3">
          {data.milestones.map((m) => (
            <li
              key={m.id}
              className={cn(
                'flex items-start gap-3 rounded-xl border p-3',
                m.achieved ? 'border-amber-200 bg-amber-50' : 'border-slate-200',
              )}
            >
              <span
                className={cn(
                  'rounded-full p-2',
                  m.achieved ? 'bg-accent-400 text-amber-950' : 'bg-slate-100 text-slate-500',
                )}
              >
                {m.achieved ? <Trophy className="size-5" /> : <Lock className="size-5" />}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="min-w-0 font-medium text-slate-900">{t(`milestones.titles.${m.id}`)}</h3>
                  <Badge
                    className={cn(
                      'shrink-0',
                      m.achieved ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700',
                    )}
                  >
                    {m.achieved ? t('milestones.achieved') : t('milestones.locked')}
                  </Badge>
                </div>
                <p className="text-sm text-slate-600">
                  {t('milestones.description', { amount: format.money(m.amountCents) })}
                </p>
                <p className="text-xs text-slate-600">
                  {m.achieved && m.achievedDate
                    ? t('milestones.achievedOn', { date: isolate(format.instantDay(m.achievedDate)) })
                    : t('milestones.toGo', { amount: format.money(Math.max(0, m.amountCents - saved)) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
