import type { UseQueryResult } from '@tanstack/react-query';
import { Hourglass, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WalletView } from '#shared/schemas/withdrawals.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { MoneyText } from '#web/components/ui/money-text.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { LoadFailed } from './withdrawal-states.tsx';

/** PRODUCT.md: available = wallet balance − what pending withdrawals hold. All three from the server. */
export function BalanceCard({ wallet }: { wallet: UseQueryResult<WalletView> }) {
  const { t } = useTranslation('withdrawal');
  return (
    <Card data-testid="wallet-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wallet className="size-5 text-brand-700" aria-hidden />
          {t('balance.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {wallet.isPending && (
          <div role="status" className="grid gap-3">
            <span className="sr-only">{t('balance.loading')}</span>
            <Skeleton className="h-10 w-40" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
          </div>
        )}
        {wallet.isError && (
          <LoadFailed message={t('balance.loadFailed')} onRetry={() => void wallet.refetch()} />
        )}
        {wallet.data && (
          <>
            <dl className="grid gap-3">
              <div className="grid gap-0.5">
                <dt className="text-sm font-medium text-slate-600">{t('balance.available')}</dt>
                <dd className="text-3xl font-bold text-slate-900" data-testid="available-balance">
                  <MoneyText amount={wallet.data.available} />
                </dd>
              </div>
              <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-3 text-sm">
                <dt className="text-slate-600">{t('balance.balance')}</dt>
                <dd className="font-medium text-slate-900" data-testid="wallet-balance">
                  <MoneyText amount={wallet.data.balance} />
                </dd>
              </div>
              <div className="flex items-center justify-between gap-3 text-sm">
                <dt className="flex items-center gap-1.5 text-slate-600">
                  <Hourglass className="size-4" aria-hidden />
                  {t('balance.held')}
                </dt>
                <dd className="font-medium text-slate-900" data-testid="held-balance">
                  <MoneyText amount={wallet.data.held} />
                </dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-600">{t('balance.hint')}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
