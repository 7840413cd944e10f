import { useQuery } from '@tanstack/react-query';
import { Landmark, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { BankAccountView } from '#shared/schemas/payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { AccountName } from '#web/components/ui/money-text.tsx';
import { ProviderBadge } from '#web/components/ui/provider-badge.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { bankAccountQueries } from '#web/features/bank-account/queries.ts';
import { useSetupAutopay } from './use-autopay-actions.ts';

/** Choose the verified bank account auto-pay takes contributions from; unverified ones wait for verification. */
export function SetupDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groupId: number;
  userId: number;
  contributionAmount: string;
}) {
  const { t } = useTranslation('autopay');
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={t('common:actions.close')} className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('setup.title')}</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">{t('setup.description')}</DialogDescription>
        </DialogHeader>
        {props.open && <SetupBody {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function SetupBody(props: Parameters<typeof SetupDialog>[0]) {
  const { t } = useTranslation('autopay');
  // The person may have verified an account in another tab since: look again each time.
  const accounts = useQuery({ ...bankAccountQueries.list(), staleTime: 0 });
  const setup = useSetupAutopay(props.groupId, props.userId, props.contributionAmount);
  const [chosen, setChosen] = useState<number | null>(null);

  if (accounts.isPending) return <Skeleton className="h-32 w-full" />;
  if (accounts.isError)
    return (
      <div role="alert" className="grid gap-3 text-sm text-red-800">
        <p>{t('setup.loadFailed')}</p>
        <Button variant="secondary" className="justify-self-start" onClick={() => void accounts.refetch()}>
          {t('groupPage:retry')}
        </Button>
      </div>
    );
  const all = accounts.data.bankAccounts;
  const verified = all.filter((a) => a.status === 'verified');
  const selected = verified.find((a) => a.id === chosen) ?? verified[0];
  if (all.length === 0) return <NoAccount />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    setup.mutate(selected.id, { onSuccess: () => props.onOpenChange(false) });
  };
  return (
    <form className="grid gap-4" onSubmit={submit}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('setup.payFrom')}</legend>
        {all.map((account) => (
          <AccountChoice
            key={account.id}
            account={account}
            checked={selected?.id === account.id}
            onChoose={() => setChosen(account.id)}
          />
        ))}
      </fieldset>
      {verified.length === 0 && (
        <p className="text-sm text-amber-900" role="note">
          {t('setup.noneVerified')}
        </p>
      )}
      <ProviderBadge provider={accounts.data.provider} />
      <p className="text-sm text-slate-700">{t('setup.whenCollected')}</p>
      <MoneyButton
        type="submit"
        size="lg"
        disabled={!selected || setup.isPending}
        data-testid="autopay-submit"
      >
        {setup.isPending ? t('setup.submitting') : t('setup.submit')}
      </MoneyButton>
    </form>
  );
}

/** A verified account is a choice; an unverified one says what to do first. */
function AccountChoice(props: { account: BankAccountView; checked: boolean; onChoose: () => void }) {
  if (props.account.status !== 'verified') return <UnverifiedAccount account={props.account} />;
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name="autopay-account"
        className="size-4 accent-brand-700"
        checked={props.checked}
        onChange={props.onChoose}
      />
      <AccountLine account={props.account} />
    </label>
  );
}

function AccountLine({ account }: { account: BankAccountView }) {
  const { t } = useTranslation('autopay');
  return (
    <span className="flex min-w-0 items-center gap-2 text-sm">
      <Landmark aria-hidden className="size-4 shrink-0 text-brand-700" />
      <span className="min-w-0 break-words">
        <AccountName bankName={account.bankName} last4={account.last4} />
        <span className="text-slate-600"> · {t(`bankAccount:accountType.${account.accountType}`)}</span>
      </span>
    </span>
  );
}

function UnverifiedAccount({ account }: { account: BankAccountView }) {
  const { t } = useTranslation('autopay');
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-dashed border-slate-300 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-0.5">
        <AccountLine account={account} />
        <span className="text-xs text-amber-900">{t('setup.verifyFirst')}</span>
      </div>
      <Button asChild variant="secondary" size="sm" className="self-start sm:self-auto">
        <Link href="/bank-account">{t('setup.verifyLink')}</Link>
      </Button>
    </div>
  );
}

/** The spec's message when there is no bank account at all, with the way to connect one. */
function NoAccount() {
  const { t } = useTranslation('autopay');
  return (
    <div
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      role="alert"
    >
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
        {t('common:errors.NO_BANK_ACCOUNT')}
      </p>
      <Button asChild variant="secondary" size="sm" className="justify-self-start">
        <Link href="/bank-account">{t('setup.connectLink')}</Link>
      </Button>
    </div>
  );
}
