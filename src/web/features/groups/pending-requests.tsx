import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import { applicationQueries } from './application-queries.ts';
import { useWithdrawApplication } from './use-application-mutations.ts';

/** On the join page: the user's requests still waiting for a group's admins (but the one shown above). */
export function PendingRequests({ exceptGroupId }: { exceptGroupId?: number }) {
  const { t } = useTranslation('applications');
  const format = useFormat();
  const mine = useQuery(applicationQueries.mine());
  const withdraw = useWithdrawApplication();
  const pending =
    mine.data?.applications.filter((a) => a.status === 'pending' && a.groupId !== exceptGroupId) ?? [];
  if (pending.length === 0) return null;
  return (
    <Card data-testid="pending-requests">
      <CardHeader>
        <CardTitle>{t('join.yourRequests')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {pending.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{a.groupName}</p>
                <p className="text-sm text-slate-600">
                  {t('join.sentOn', { date: format.instantDay(a.appliedDate) })}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(a)}
              >
                {t('join.withdraw')}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
