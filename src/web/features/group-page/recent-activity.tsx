import { ArrowDownToLine, HandCoins, History, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { type ActivityItem, recentActivity } from './activity.ts';

const icons = { joined: UserPlus, paid: HandCoins, payout: ArrowDownToLine };

export function RecentActivity({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const items = recentActivity(detail);

  const describe = (item: ActivityItem) => {
    if (item.kind === 'joined') return t('activity.joined', { name: item.name });
    if (item.kind === 'payout')
      return t(item.offApp ? 'activity.payoutHandedOver' : 'activity.payout', {
        name: item.name,
        amount: format.money(item.amount),
        cycle: item.cycle,
      });
    return item.late
      ? t('activity.paidLate', { name: item.name, amount: format.money(item.amount), cycle: item.cycle })
      : t('activity.paid', { name: item.name, amount: format.money(item.amount), cycle: item.cycle });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('activity.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-slate-600">
            <History aria-hidden className="size-8 text-slate-300" />
            <p>{t('activity.empty')}</p>
          </div>
        ) : (
          <ol className="grid gap-3" data-testid="recent-activity">
            {items.map((item) => {
              const Icon = icons[item.kind];
              return (
                <li key={item.key} className="flex items-start gap-3">
                  <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <Icon aria-hidden className="size-4" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-sm text-slate-900">{describe(item)}</p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={item.at}>{format.instant(item.at)}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
