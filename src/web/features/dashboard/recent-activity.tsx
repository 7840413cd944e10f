import { ArrowDownLeft, ArrowUpRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { isolate, useFormat } from '#web/lib/format.ts';
import { SectionCard } from './section-card.tsx';
import type { Activity } from './types.ts';

/** The latest contributions paid and payouts received. */
export function RecentActivity({ items }: { items: Activity[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  return (
    <SectionCard
      title={t('activity.title')}
      icon={History}
      empty={items.length === 0 ? t('activity.empty') : undefined}
    >
      <ul className="grid grid-cols-1 divide-y divide-slate-100">
        {items.map((item) => {
          const payout = item.type === 'payout';
          const Icon = payout ? ArrowDownLeft : ArrowUpRight;
          return (
            <li key={item.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <span
                className={cn(
                  'rounded-full p-2',
                  payout ? 'bg-brand-100 text-brand-700' : 'bg-slate-100 text-slate-600',
                )}
              >
                <Icon className="size-4 rtl:-scale-x-100" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words text-slate-900">
                  {payout
                    ? t('activity.payout', { group: isolate(item.groupName) })
                    : t('activity.contribution', { group: isolate(item.groupName) })}
                </p>
                <p className="flex items-center gap-2 text-xs text-slate-600">
                  {format.instantDay(item.at)}
                  {item.late && <Badge className="bg-red-100 text-red-800">{t('activity.late')}</Badge>}
                </p>
              </div>
              <span className={cn('font-semibold', payout ? 'text-brand-700' : 'text-slate-900')}>
                {format.money(item.amount)}
              </span>
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
