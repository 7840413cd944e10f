import { Landmark } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccountView, ProviderInfo } from '#shared/schemas/payments.ts';
import { selectClass } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/input.tsx';
import { MoneyButton } from '#web/components/ui/money-button.tsx';
import { AccountName } from '#web/components/ui/money-text.tsx';
import { ProviderBadge } from '#web/components/ui/provider-badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { Contribution } from '#web/lib/group-detail.ts';
import { usePayByBank } from './use-pay-by-bank.ts';

/** Pay from my bank account: which verified account, what the sandbox means, and the button. */
export function PayByBankForm(props: {
  groupId: number;
  contribution: Contribution;
  accounts: BankAccountView[];
  provider: ProviderInfo;
}) {
  const { t } = useTranslation('groupPage');
  const format = useFormat();
  const pay = usePayByBank(props.groupId, props.contribution);
  const [chosen, setChosen] = useState<number | null>(null);
  const account = props.accounts.find((a) => a.id === chosen) ?? props.accounts[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (account) pay.mutate(account.id);
  };
  return (
    <form className="grid gap-4" onSubmit={submit}>
      {props.accounts.length > 1 ? (
        <div className="grid gap-1.5">
          <Label htmlFor="pay-bank-account">{t('pay.bank.account')}</Label>
          <select
            id="pay-bank-account"
            className={selectClass}
            value={account?.id}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {props.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {`${a.bankName} ••${a.last4}`}
              </option>
            ))}
          </select>
        </div>
      ) : (
        account && (
          <div className="grid gap-1">
            <p className="text-xs font-medium text-slate-600">{t('pay.bank.account')}</p>
            <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <Landmark aria-hidden className="size-4 shrink-0 text-brand-700" />
              <span>
                <AccountName bankName={account.bankName} last4={account.last4} />
              </span>
            </p>
          </div>
        )
      )}
      <p className="text-sm text-slate-700">{t('pay.bank.howItWorks')}</p>
      <ProviderBadge provider={props.provider} />
      <MoneyButton type="submit" size="lg" disabled={!account || pay.isPending} data-testid="pay-by-bank">
        {pay.isPending
          ? t('pay.bank.submitting')
          : t('pay.bank.submit', { amount: format.money(props.contribution.amount) })}
      </MoneyButton>
    </form>
  );
}
