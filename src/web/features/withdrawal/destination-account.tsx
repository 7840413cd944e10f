import { useQuery } from '@tanstack/react-query';
import { Landmark, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { selectClass } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { AccountName } from '#web/components/ui/money-text.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { bankAccountQueries } from '#web/features/bank-account/queries.ts';
import { LoadFailed } from './withdrawal-states.tsx';

/** Verified accounts, oldest first (the server's default destination is the oldest). */
export function useVerifiedAccounts() {
  const accounts = useQuery(bankAccountQueries.list());
  const verified = (accounts.data?.bankAccounts ?? []).filter((a) => a.status === 'verified');
  const unverified = (accounts.data?.bankAccounts ?? []).filter((a) => a.status === 'connected');
  return { accounts, verified, unverified };
}

/**
 * Where ACH and instant transfers go: the one verified account, a choice among several, or a clear
 * way to /bank-account when there is none (the server refuses without one).
 */
export function DestinationAccount(props: {
  field: UseFormRegisterReturn<'bankAccountId'>;
  value: string;
  onDefault: (id: string) => void;
}) {
  const { t } = useTranslation('withdrawal');
  const { accounts, verified, unverified } = useVerifiedAccounts();
  const firstId = verified[0] ? String(verified[0].id) : '';
  const chosenIsVerified = verified.some((a) => String(a.id) === props.value);
  const { onDefault } = props;
  // Nothing chosen yet (or the chosen account was removed): the oldest verified one, as the server would.
  useEffect(() => {
    if (firstId && !chosenIsVerified) onDefault(firstId);
  }, [firstId, chosenIsVerified, onDefault]);

  if (accounts.isPending) return <Skeleton className="h-14 w-full" />;
  if (accounts.isError)
    return <LoadFailed message={t('destination.loadFailed')} onRetry={() => void accounts.refetch()} />;
  if (verified.length === 0)
    return (
      <div
        className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
        data-testid="bank-account-required"
      >
        <TriangleAlert className="size-5 shrink-0 text-amber-700" aria-hidden />
        <p className="flex-1">
          {unverified.length > 0 ? t('destination.verifyFirst') : t('destination.none')}
        </p>
        <Button asChild variant="secondary" size="sm">
          <Link href="/bank-account">{t('destination.goToBankAccount')}</Link>
        </Button>
      </div>
    );
  if (verified.length === 1)
    return (
      <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 text-sm" data-testid="destination">
        <Landmark className="size-5 shrink-0 text-brand-700" aria-hidden />
        <p className="text-slate-700">
          {t('destination.paidTo')}{' '}
          <span className="font-semibold text-slate-900">
            <AccountName bankName={verified[0]!.bankName} last4={verified[0]!.last4} />
          </span>
        </p>
      </div>
    );
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="withdrawal-account">{t('destination.choose')}</Label>
      <select id="withdrawal-account" className={selectClass} {...props.field}>
        {verified.map((account) => (
          <option key={account.id} value={account.id}>
            {t('destination.option', {
              bankName: account.bankName,
              type: t(`accountType.${account.accountType}`),
              last4: account.last4,
            })}
          </option>
        ))}
      </select>
    </div>
  );
}
