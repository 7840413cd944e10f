import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '#web/components/ui/badge.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { isolate, useFormat } from '#web/lib/format.ts';
import { SectionCard } from './section-card.tsx';
import type { UpcomingPayment } from './types.ts';

const tone: Record<UpcomingPayment['status'], string> = {
  overdue: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-900',
  reported: 'bg-sky-100 text-sky-900',
};

/** The user's unpaid contributions, soonest first, each with a way to pay it. */
export function UpcomingPayments({ payments }: { payments: UpcomingPayment[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  return (
    <SectionCard
      title={t('upcoming.title')}
      icon={CalendarClock}
      empty={payments.length === 0 ? t('upcoming.empty') : undefined}
    >
      <ul className="grid grid-cols-1 divide-y divide-slate-100">
        {payments.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
            <div className="min-w-0 flex-[1_1_12rem]">
              <Link href={`/groups/${p.groupId}`} className="font-medium text-slate-900 hover:underline">
                {p.groupName}
              </Link>
              <p className="text-sm text-slate-600">
                {t('upcoming.detail', { cycle: p.cycle, date: isolate(format.day(p.dueDate)) })}
              </p>
            </div>
            <div className="flex items-center gap-3 ms-auto">
              <span className="font-semibold text-slate-900">{format.money(p.amount)}</span>
              <Badge className={tone[p.status]}>{t(`upcoming.status.${p.status}`)}</Badge>
              {(p.status === 'pending' || p.status === 'overdue') && (
                <MoneyButton asChild size="sm">
                  <Link
                    href={`/groups/${p.groupId}?pay=1`}
                    aria-label={t('upcoming.payLabel', {
                      amount: format.money(p.amount),
                      group: isolate(p.groupName),
                    })}
                  >
                    {t('upcoming.pay')}
                  </Link>
                </MoneyButton>
              )}
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
