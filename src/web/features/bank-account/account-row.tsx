import { Landmark, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BankAccountView } from '#shared/schemas/payments.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import { RemoveDialog } from './remove-dialog.tsx';
import { VerifyDialog } from './verify-dialog.tsx';

/** One linked account: bank, type and last four, status (the spec: Verified, otherwise Connected), actions. */
export function AccountRow({ account }: { account: BankAccountView }) {
  const { t } = useTranslation('bankAccount');
  const format = useFormat();
  const verified = account.status === 'verified';
  const locked = account.status === 'verification_failed';

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start" data-testid="bank-account">
      <span className="w-fit rounded-full bg-brand-50 p-2.5 text-brand-700">
        <Landmark className="size-5" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-900">{account.bankName}</p>
          <Badge className={verified ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800'}>
            {verified ? t('status.verified') : t('status.connected')}
          </Badge>
        </div>
        <p className="text-sm text-slate-700">
          {t('list.accountLine', { type: t(`accountType.${account.accountType}`), last4: account.last4 })}
        </p>
        <p className="text-xs text-slate-600">
          {verified && account.verifiedAt
            ? t('list.verifiedOn', { date: format.instantDay(account.verifiedAt) })
            : t('list.connectedOn', { date: format.instantDay(account.connectedAt) })}
        </p>
        {account.status === 'connected' && (
          <p className="text-sm text-slate-700">
            {t('pending.awaiting')}{' '}
            <span className="text-slate-600">
              ({t('pending.attemptsLeft', { count: account.verificationAttemptsLeft })})
            </span>
          </p>
        )}
        {locked && (
          <p className="flex items-start gap-1.5 text-sm text-red-800" role="note">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('pending.locked')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {account.status === 'connected' && <VerifyDialog account={account} />}
        <RemoveDialog account={account} />
      </div>
    </li>
  );
}
