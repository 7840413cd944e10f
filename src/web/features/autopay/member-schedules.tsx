import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { AutopayStatusBadge, FailureNote } from './autopay-badges.tsx';
import type { PaymentSchedules } from './queries.ts';
import { ScheduleDates } from './schedule-dates.tsx';

/** Every member's auto-pay state and payment dates; admins are told whom to contact after failures. */
export function MemberSchedules({ data, timeZone }: { data: PaymentSchedules; timeZone: string }) {
  const { t } = useTranslation('autopay');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('members.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('members.hint')}</p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200" data-testid="autopay-members">
          {data.paymentSchedules.map((entry) => (
            <li
              key={entry.userId}
              className="grid gap-3 py-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] sm:items-start"
              data-testid="autopay-member"
            >
              <div className="grid min-w-0 gap-1.5">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium break-words text-slate-900">
                    {entry.userId === data.viewer.userId
                      ? t('groupPage:members.nameYou', { name: entry.userName })
                      : entry.userName}
                  </p>
                  <AutopayStatusBadge status={entry.status} />
                </div>
                <FailureNote
                  count={entry.failureCount}
                  name={entry.userName}
                  forAdmin={data.viewer.isAdmin && entry.userId !== data.viewer.userId}
                />
              </div>
              <ScheduleDates entry={entry} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
