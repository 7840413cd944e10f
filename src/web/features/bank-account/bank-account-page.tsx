import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ProviderBadge } from '#web/components/ui/provider-badge.tsx';
import { AccountRow } from './account-row.tsx';
import { AccountsLoadFailed, AccountsSkeleton, NoAccounts } from './bank-account-states.tsx';
import { HowVerificationWorks } from './how-it-works.tsx';
import { bankAccountQueries } from './queries.ts';
import { useConnectBank } from './use-connect-bank.ts';
import { useSessionCompleteFlag } from './use-session-complete.ts';

/** /bank-account: linked accounts, connecting a new one, micro-deposit verification and removal. */
export default function BankAccountPage() {
  const { t } = useTranslation('bankAccount');
  const accounts = useQuery(bankAccountQueries.list());
  useSessionCompleteFlag(accounts.data?.provider);
  const connect = useConnectBank();
  const list = accounts.data?.bankAccounts ?? [];

  const connectButton = (
    <Button onClick={() => connect.mutate()} disabled={connect.isPending}>
      <Plus />
      {connect.isPending ? t('actions.connecting') : t('actions.connect')}
    </Button>
  );

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="text-slate-600">{t('subtitle')}</p>
        </div>
        {accounts.data && <ProviderBadge provider={accounts.data.provider} />}
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 border-b border-slate-100 pb-5">
          <CardTitle>{t('list.title')}</CardTitle>
          {list.length > 0 && connectButton}
        </CardHeader>
        {accounts.isPending && <AccountsSkeleton />}
        {accounts.isError && <AccountsLoadFailed onRetry={() => void accounts.refetch()} />}
        {accounts.isSuccess && list.length === 0 && <NoAccounts action={connectButton} />}
        {list.length > 0 && (
          <ul className="divide-y divide-slate-100">
            {list.map((account) => (
              <AccountRow key={account.id} account={account} />
            ))}
          </ul>
        )}
      </Card>
      <HowVerificationWorks provider={accounts.data?.provider} />
    </div>
  );
}
