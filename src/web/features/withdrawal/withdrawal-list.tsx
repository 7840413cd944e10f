import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalView } from '#shared/schemas/withdrawals.ts';
import { Card, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { AccountName, MoneyText } from '#web/components/ui/money-text.tsx';
import { useFormat } from '#web/lib/format.ts';
import { methodIcons } from './method-picker.tsx';
import { LoadFailed, NoWithdrawals, RowsSkeleton } from './withdrawal-states.tsx';
import { WithdrawalStatusBadge } from './withdrawal-status-badge.tsx';

function WithdrawalRow({ withdrawal }: { withdrawal: WithdrawalView }) {
  const { t } = useTranslation('withdrawal');
  const format = useFormat();
  const Icon = methodIcons[withdrawal.method];
  return (
    <li className="flex gap-3 p-4" data-testid="withdrawal">
      <span className="h-fit rounded-full bg-brand-50 p-2 text-brand-700">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="font-semibold text-slate-900">{t(`methods.${withdrawal.method}.name`)}</p>
          <p className="text-lg font-semibold text-slate-900">
            <MoneyText amount={withdrawal.amount} />
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
          <WithdrawalStatusBadge status={withdrawal.status} />
          <p className="text-slate-600">
            {t('list.feeAndTotal', {
              fee: format.money(withdrawal.fee),
              total: format.money(withdrawal.total),
            })}
          </p>
        </div>
        {withdrawal.bankAccount && (
          <p className="text-sm text-slate-700">
            {t('list.to')} <AccountName {...withdrawal.bankAccount} />
          </p>
        )}
        {withdrawal.recipientInfo && (
          <p className="line-clamp-2 text-sm break-words text-slate-700" dir="auto">
            {withdrawal.recipientInfo}
          </p>
        )}
        <p className="text-xs text-slate-600">
          {withdrawal.settledAt && withdrawal.status === 'completed'
            ? t('list.completedAt', { date: format.instant(withdrawal.settledAt) })
            : t('list.requestedAt', { date: format.instant(withdrawal.createdAt) })}
        </p>
        {withdrawal.status === 'failed' && (
          <div className="grid gap-0.5 text-sm" data-testid="withdrawal-failure">
            <p className="flex items-start gap-1.5 text-red-800">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <bdi>{withdrawal.failureMessage ?? t('list.failedNoReason')}</bdi>
            </p>
            <p className="text-xs text-slate-600">{t('list.failed')}</p>
          </div>
        )}
      </div>
    </li>
  );
}

/** The user's own withdrawals, newest first, with their real states. */
export function WithdrawalList({ list }: { list: UseQueryResult<WithdrawalView[]> }) {
  const { t } = useTranslation('withdrawal');
  return (
    <Card>
      <CardHeader className="border-b border-slate-100 pb-4">
        <CardTitle>{t('list.title')}</CardTitle>
      </CardHeader>
      {list.isPending && <RowsSkeleton />}
      {list.isError && <LoadFailed message={t('list.loadFailed')} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <NoWithdrawals />}
      {list.data && list.data.length > 0 && (
        <ul className="divide-y divide-slate-100" data-testid="withdrawal-list">
          {list.data.map((withdrawal) => (
            <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
          ))}
        </ul>
      )}
    </Card>
  );
}
