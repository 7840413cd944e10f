import { useQuery } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MemberDebt } from '#shared/schemas/membership.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { membershipQueries } from '#web/features/membership/queries.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useAttemptKey } from '#web/lib/attempt-key.ts';
import { useFormat } from '#web/lib/format.ts';
import { refreshEverything } from '#web/lib/refresh.ts';
import { useActionMutation } from '#web/lib/use-action-mutation.ts';

/** Open debts to circles' reserves (left after a member left: docs/decisions/0029), each paid in full from the wallet. */
export function DebtsCard() {
  const { t } = useTranslation('membership');
  const format = useFormat();
  const attempt = useAttemptKey();
  const query = useQuery(membershipQueries.debts());
  const pay = useActionMutation({
    mutationFn: (debt: MemberDebt) =>
      apiRequest(
        'POST',
        `/api/debts/${debt.id}/pay`,
        {},
        { headers: { 'Idempotency-Key': attempt.keyFor(debt.id) } },
      ),
    success: (_, debt) => ({
      title: t('debts.paid', {
        amount: format.money(debt.remainingCents),
        group: format.own(debt.groupName),
      }),
    }),
    failure: { title: t('debts.payFailed'), fallbackKey: 'membership:debts.payFailedBody' },
    onSettled: (_data, error) => {
      attempt.settle(error);
      void refreshEverything();
    },
  });
  const open = (query.data?.debts ?? []).filter((d) => !d.settledAt);
  if (open.length === 0) return null;
  return (
    <Card data-testid="debts-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale aria-hidden className="size-5 text-red-700" />
          {t('debts.title')}
        </CardTitle>
        <p className="text-sm text-slate-600">{t('debts.intro')}</p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {open.map((d) => (
            <li
              key={d.id}
              className="flex min-w-0 flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p id={`debt-${d.id}`} className="font-medium break-words text-slate-900">
                  {t('debts.row', { group: format.own(d.groupName), amount: format.money(d.remainingCents) })}
                </p>
                <p className="text-xs text-slate-600">{t(`debts.reason.${d.reason}`)}</p>
              </div>
              <MoneyButton
                size="sm"
                onClick={() => pay.mutate(d)}
                disabled={pay.isPending}
                aria-describedby={`debt-${d.id}`}
              >
                {t('debts.pay', { amount: format.money(d.remainingCents) })}
              </MoneyButton>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
