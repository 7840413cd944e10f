import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { withdrawalMethods, withdrawalRules } from '#shared/withdrawals.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ProviderBadge } from '#web/components/ui/provider-badge.tsx';
import { bankAccountQueries } from '#web/features/bank-account/queries.ts';
import { BalanceCard } from './balance-card.tsx';
import { MethodsTable } from './methods-table.tsx';
import { withdrawalQueries } from './queries.ts';
import { useRefreshOnSettle } from './use-refresh-on-settle.ts';
import { WithdrawalForm } from './withdrawal-form.tsx';
import { WithdrawalList } from './withdrawal-list.tsx';

/** /withdrawal: what can be taken out, the request form, the user's withdrawals and the methods compared. */
export default function WithdrawalPage() {
  const { t } = useTranslation('withdrawal');
  const list = useQuery(withdrawalQueries.list());
  const wallet = useQuery(withdrawalQueries.wallet());
  useRefreshOnSettle(list.data);
  const accounts = useQuery(bankAccountQueries.list());
  // The methods the payment processor pays out; if that cannot be loaded, all of them (the server
  // refuses one it cannot pay out before anything is held).
  const methods = accounts.data?.provider.payoutMethods ?? (accounts.isError ? withdrawalMethods : undefined);
  const bankOnly = methods?.every((method) => withdrawalRules[method].needsBankAccount) ?? false;

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="text-slate-600">{bankOnly ? t('subtitleBankOnly') : t('subtitle')}</p>
        </div>
        {accounts.data && <ProviderBadge provider={accounts.data.provider} />}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="lg:order-2">
          <BalanceCard wallet={wallet} />
        </div>
        <Card className="lg:order-1">
          <CardHeader>
            <CardTitle>{t('form.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <WithdrawalForm wallet={wallet.data} methods={methods} />
          </CardContent>
        </Card>
      </div>
      <WithdrawalList list={list} />
      {methods && <MethodsTable methods={methods} />}
    </div>
  );
}
